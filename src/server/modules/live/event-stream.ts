import type { FastifyReply } from "fastify";

/** How long a browser waits before reconnecting after the stream drops. */
const RETRY_MS = 3000;
/** A client that stopped reading: drop it rather than queue events for it without end. */
const MAX_UNSENT_BYTES = 256 * 1024;

/**
 * A server-sent event stream on a hijacked reply. Fastify no longer answers for the reply, so
 * the headers its hooks set (the security headers) are copied here, and nothing may compress or
 * buffer the stream (a proxy that buffered it would hold events back).
 */
export function openEventStream(reply: FastifyReply, { heartbeatMs }: { heartbeatMs: number }) {
  reply.hijack();
  const raw = reply.raw;
  let resolveEnded!: () => void;
  const ended = new Promise<void>((resolve) => {
    resolveEnded = resolve;
  });
  let finished = false;

  const end = () => {
    if (finished) return;
    finished = true;
    clearInterval(heartbeat);
    if (!raw.writableEnded) raw.end();
    resolveEnded();
  };
  const write = (text: string) => {
    if (finished) return;
    if (raw.writableLength > MAX_UNSENT_BYTES) return end();
    raw.write(text);
  };

  raw.writeHead(200, {
    ...(reply.getHeaders() as Record<string, string>),
    "content-type": "text/event-stream; charset=utf-8",
    "cache-control": "no-cache, no-transform",
    "x-accel-buffering": "no",
    connection: "keep-alive",
  });
  raw.write(`retry: ${RETRY_MS}\n: connected\n\n`);
  // A comment now and then keeps proxies and load balancers from closing a quiet connection.
  const heartbeat = setInterval(() => write(": heartbeat\n\n"), heartbeatMs);
  heartbeat.unref();
  raw.on("close", end);
  raw.on("error", end);

  return {
    /** One event; `name` makes it a named event, which a page's `onmessage` does not take. */
    send(data: unknown, name?: string) {
      write(`${name ? `event: ${name}\n` : ""}data: ${JSON.stringify(data)}\n\n`);
    },
    end,
    /** Settles once the stream is over, whoever ended it. */
    ended,
  };
}
