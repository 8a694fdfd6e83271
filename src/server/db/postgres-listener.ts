import pg from "pg";

export type NoticeListener = (payload: string) => void;
export type ListenOptions = {
  /**
   * Called after the connection dropped and listens again: notices sent meanwhile are lost, so
   * whoever shows their effect should look again.
   */
  onReconnect?: () => void;
};

export const LISTENER_NAME = "fhh-listener";
const FIRST_RETRY_MS = 250;
const LAST_RETRY_MS = 10_000;

/**
 * LISTEN on PostgreSQL through one connection of its own: a pooled connection goes back to the
 * pool between queries and would stop hearing. The connection opens on the first listen, and
 * after a drop it reconnects with a growing pause and listens on every channel again.
 */
export function createPostgresListener(url: string) {
  const channels = new Map<string, Set<NoticeListener>>();
  const reconnectWatchers = new Set<() => void>();
  let client: pg.Client | undefined;
  let connecting: Promise<pg.Client> | undefined;
  let retryTimer: NodeJS.Timeout | undefined;
  let retryMs = FIRST_RETRY_MS;
  let closed = false;

  async function connect(): Promise<pg.Client> {
    // Named, so an operator (or a test) can tell this connection from the pool's.
    const next = new pg.Client({ connectionString: url, application_name: LISTENER_NAME });
    next.on("notification", (message) => {
      for (const listener of channels.get(message.channel) ?? []) listener(message.payload ?? "");
    });
    // A dropped connection reports an error, then ends; both mean: connect again.
    next.on("error", () => dropped(next));
    next.on("end", () => dropped(next));
    await next.connect();
    for (const channel of channels.keys()) {
      await next.query(`listen ${next.escapeIdentifier(channel)}`);
    }
    return next;
  }

  function dropped(which: pg.Client) {
    if (which !== client) return;
    client = undefined;
    which.end().catch(() => {});
    if (!closed) scheduleReconnect();
  }

  function scheduleReconnect() {
    if (retryTimer || closed) return;
    retryTimer = setTimeout(async () => {
      retryTimer = undefined;
      try {
        await ensureConnected();
        retryMs = FIRST_RETRY_MS;
        for (const watcher of reconnectWatchers) watcher();
      } catch {
        retryMs = Math.min(retryMs * 2, LAST_RETRY_MS);
        scheduleReconnect();
      }
    }, retryMs);
    // Waiting to reconnect is no reason to keep a finished process alive.
    retryTimer.unref();
  }

  function ensureConnected(): Promise<pg.Client> {
    if (client) return Promise.resolve(client);
    connecting ??= connect()
      .then((connected) => {
        if (closed) {
          connected.end().catch(() => {});
          throw new Error("the database is closed");
        }
        client = connected;
        return connected;
      })
      .finally(() => {
        connecting = undefined;
      });
    return connecting;
  }

  return {
    async listen(
      channel: string,
      onMessage: NoticeListener,
      options: ListenOptions = {},
    ): Promise<() => Promise<void>> {
      if (closed) throw new Error("the database is closed");
      const listener: NoticeListener = (payload) => onMessage(payload);
      let listeners = channels.get(channel);
      const first = !listeners;
      if (!listeners) {
        listeners = new Set();
        channels.set(channel, listeners);
      }
      listeners.add(listener);
      const { onReconnect } = options;
      if (onReconnect) reconnectWatchers.add(onReconnect);
      try {
        const connected = await ensureConnected();
        // A fresh connection already listens on every known channel (connect above).
        if (first) await connected.query(`listen ${connected.escapeIdentifier(channel)}`);
      } catch (error) {
        listeners.delete(listener);
        if (listeners.size === 0) channels.delete(channel);
        if (onReconnect) reconnectWatchers.delete(onReconnect);
        throw error;
      }
      return async () => {
        if (onReconnect) reconnectWatchers.delete(onReconnect);
        const current = channels.get(channel);
        if (!current?.delete(listener) || current.size > 0) return;
        channels.delete(channel);
        await client?.query(`unlisten ${client.escapeIdentifier(channel)}`).catch(() => {});
      };
    },
    async close(): Promise<void> {
      closed = true;
      if (retryTimer) clearTimeout(retryTimer);
      retryTimer = undefined;
      const current = client ?? (await connecting?.catch(() => undefined));
      client = undefined;
      channels.clear();
      reconnectWatchers.clear();
      await current?.end().catch(() => {});
    },
  };
}

export type PostgresListener = ReturnType<typeof createPostgresListener>;
