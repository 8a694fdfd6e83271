import net from "node:net";

/**
 * A TCP relay in front of a real server (PostgreSQL): the store connects through it, and a test
 * cuts it to make the database unreachable (a restart, a failover, a pulled cable) and opens it
 * again, without touching the server the other tests share.
 */
export async function startTcpRelay(target: { host: string; port: number }) {
  const sockets = new Set<net.Socket>();
  let open = true;
  const server = net.createServer((client) => {
    if (!open) return client.destroy();
    const upstream = net.connect(target.port, target.host);
    for (const socket of [client, upstream]) {
      sockets.add(socket);
      socket.on("close", () => sockets.delete(socket));
      socket.on("error", () => undefined);
    }
    client.pipe(upstream).pipe(client);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as net.AddressInfo;
  return {
    port,
    /** Every connection dropped, and new ones refused at once, until `restore`. */
    cut() {
      open = false;
      for (const socket of sockets) socket.destroy();
    },
    restore() {
      open = true;
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

/** A relay in front of the PostgreSQL at `url`, and the same URL pointed through it. */
export async function relayTo(url: string) {
  const direct = new URL(url);
  const relay = await startTcpRelay({ host: direct.hostname, port: Number(direct.port || 5432) });
  const relayed = new URL(direct);
  relayed.hostname = "127.0.0.1";
  relayed.port = String(relay.port);
  return { relay, url: relayed.toString() };
}
