import net from "node:net";
import { setTimeout as sleep } from "node:timers/promises";

/** A loopback port nobody listens on right now (the caller's server takes it soon after). */
export async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** Whether something accepts TCP connections on a loopback port. */
export function portAnswers(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect(port, "127.0.0.1");
    socket.once("connect", () => {
      socket.destroy();
      resolve(true);
    });
    socket.once("error", () => resolve(false));
  });
}

/** Waits until `port` accepts connections; `gaveUp` says why not (a process that exited). */
export async function waitForPort(
  port: number,
  { withinMs = 10_000, gaveUp }: { withinMs?: number; gaveUp?: () => string | undefined } = {},
): Promise<void> {
  const deadline = Date.now() + withinMs;
  while (!(await portAnswers(port))) {
    const why = gaveUp?.();
    if (why) throw new Error(why);
    if (Date.now() > deadline)
      throw new Error(`nothing answered on port ${port} in ${withinMs} ms`);
    await sleep(50);
  }
}
