// Requests sent over a real socket with the path exactly as written: `inject` parses the URL
// first, which would resolve the dot segments and escapes the tests are about.
import { request as httpRequest } from "node:http";
import type { AddressInfo } from "node:net";
import type { StoreApp } from "../app.ts";

export type RawAnswer = {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
  /** The body as it came, for compressed answers. */
  bytes: Buffer;
};

/** Starts the app listening on a free loopback port (once) and answers its port. */
async function portOf(app: StoreApp): Promise<number> {
  if (!app.server.listening) await app.listen({ host: "127.0.0.1", port: 0 });
  return (app.server.address() as AddressInfo).port;
}

export async function rawRequest(
  app: StoreApp,
  method: string,
  path: string,
  { headers = {}, body }: { headers?: Record<string, string>; body?: object } = {},
): Promise<RawAnswer> {
  const port = await portOf(app);
  const payload = body === undefined ? undefined : JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const sent = httpRequest(
      {
        host: "127.0.0.1",
        port,
        method,
        path,
        headers: {
          ...(payload !== undefined && { "content-type": "application/json" }),
          ...headers,
        },
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on("data", (chunk: Buffer) => chunks.push(chunk));
        response.on("end", () => {
          const bytes = Buffer.concat(chunks);
          resolve({
            status: response.statusCode ?? 0,
            headers: response.headers,
            body: bytes.toString("utf8"),
            bytes,
          });
        });
      },
    );
    sent.on("error", reject);
    sent.end(payload);
  });
}
