// One request to a store (or the proxy in front of it) as a browser makes it, answering whatever
// came back, a lost answer included: fault runs count every kind of failure, so nothing throws.
import http from "node:http";

export type Answer = {
  /** 0: no answer (refused, reset, timed out). */
  status: number;
  body: Record<string, unknown> | undefined;
  /** Seconds, when the answer said when to try again. */
  retryAfter: number | undefined;
  /** The cookies the answer set, name → value. */
  cookies: Map<string, string>;
  error: string | undefined;
};

export type Call = {
  base: string;
  path: string;
  /** JSON; a POST when given (or rawBody), a GET otherwise. */
  body?: unknown;
  /** Bytes to POST as they are (a provider's webhook), with their own headers. */
  rawBody?: Buffer;
  headers?: Record<string, string>;
  idempotencyKey?: string;
  cookie?: string;
  /** The Origin a page of the store sends (its PUBLIC_URL), for state-changing requests. */
  origin?: string;
  /**
   * The loopback address to connect from (127.x.y.z): a proxy, or the store itself, then sees
   * each shopper as a client of its own, and per-address limits apply per shopper.
   */
  from?: string;
  timeoutMs?: number;
};

// Keep-alive as a browser keeps its connections; a killed store resets them, which is the point.
const agent = new http.Agent({ keepAlive: true, maxSockets: 4, maxFreeSockets: 4 });

export function closeConnections(): void {
  agent.destroy();
}

export function httpCall(call: Call): Promise<Answer> {
  const url = new URL(call.path, call.base);
  const payload = call.rawBody ?? (call.body === undefined ? undefined : JSON.stringify(call.body));
  const headers: Record<string, string> = { ...call.headers };
  if (payload !== undefined) {
    headers["content-type"] ??= "application/json";
    headers["content-length"] = String(Buffer.byteLength(payload));
    if (call.origin) headers.origin = call.origin;
  }
  if (call.idempotencyKey) headers["idempotency-key"] = call.idempotencyKey;
  if (call.cookie) headers.cookie = call.cookie;
  return new Promise((resolve) => {
    const failed = (error: Error) =>
      resolve({
        status: 0,
        body: undefined,
        retryAfter: undefined,
        cookies: new Map(),
        error: (error as NodeJS.ErrnoException).code ?? error.message ?? "no answer",
      });
    const request = http.request(
      {
        agent,
        host: url.hostname,
        port: url.port,
        path: url.pathname + url.search,
        method: payload === undefined ? "GET" : "POST",
        headers,
        localAddress: call.from,
        timeout: call.timeoutMs ?? 20_000,
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on("data", (chunk: Buffer) => chunks.push(chunk));
        response.on("error", failed);
        response.on("end", () => {
          let body: Record<string, unknown> | undefined;
          try {
            body = JSON.parse(Buffer.concat(chunks).toString("utf8"));
          } catch {
            body = undefined;
          }
          const retryAfter = Number(response.headers["retry-after"]);
          const cookies = new Map<string, string>();
          for (const line of response.headers["set-cookie"] ?? []) {
            const pair = line.split(";")[0]!;
            const at = pair.indexOf("=");
            if (at > 0) cookies.set(pair.slice(0, at), pair.slice(at + 1));
          }
          resolve({
            status: response.statusCode ?? 0,
            body,
            retryAfter: Number.isFinite(retryAfter) ? retryAfter : undefined,
            cookies,
            error: undefined,
          });
        });
      },
    );
    request.on("timeout", () => request.destroy(new Error("no answer in time")));
    request.on("error", failed);
    request.end(payload);
  });
}

let clients = 0;
/** A loopback address of its own per shopper (Linux answers on all of 127/8). */
export function nextLoopbackAddress(): string {
  const n = ++clients;
  return `127.${1 + (Math.floor(n / 62_500) % 250)}.${Math.floor(n / 250) % 250}.${1 + (n % 250)}`;
}
