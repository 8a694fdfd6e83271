// One request to the store as a shopper's browser sends it: behind the proxy's X-Forwarded-For,
// with the shopper's cookie, and with the store's Origin on anything that changes state. A lost
// answer is an answer too (status 0): the buyers count it rather than stop.
import http from "node:http";
import type { ChildServer } from "../../support/child.ts";
import type { Shopper } from "../load-model.ts";

export type Answer = {
  status: number;
  body: Record<string, unknown> | undefined;
  setCookie: string | undefined;
  error?: string;
};

/** POSTs `body` (JSON) to `path`, or GETs `path` without a body. */
export function storeRequest(
  agent: http.Agent,
  server: ChildServer,
  shopper: Shopper,
  path: string,
  body?: string,
  key?: string,
): Promise<Answer> {
  return new Promise((resolve) => {
    const headers: Record<string, string> = { "x-forwarded-for": shopper.address };
    if (body !== undefined) {
      headers["content-type"] = "application/json";
      headers["content-length"] = String(Buffer.byteLength(body));
      headers.origin = server.storeOrigin;
    }
    if (key) headers["idempotency-key"] = key;
    if (shopper.cookie) headers.cookie = shopper.cookie;
    const request = http.request(
      {
        agent,
        host: "127.0.0.1",
        port: server.port,
        method: body === undefined ? "GET" : "POST",
        path,
        headers,
        timeout: 30_000,
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on("data", (chunk: Buffer) => chunks.push(chunk));
        response.on("end", () => {
          let parsed: Record<string, unknown> | undefined;
          try {
            parsed = JSON.parse(Buffer.concat(chunks).toString("utf8"));
          } catch {
            parsed = undefined;
          }
          const cookie = response.headers["set-cookie"]
            ?.find((value) => value.startsWith("fhh_browser="))
            ?.split(";")[0];
          resolve({ status: response.statusCode ?? 0, body: parsed, setCookie: cookie });
        });
        response.on("error", (error) =>
          resolve({ status: 0, body: undefined, setCookie: undefined, error: error.message }),
        );
      },
    );
    request.on("timeout", () => request.destroy(new Error("no answer within 30 s")));
    request.on("error", (error) =>
      resolve({ status: 0, body: undefined, setCookie: undefined, error: error.message }),
    );
    request.end(body);
  });
}
