// Reads a server-sent event stream (the staff's, an order's) over a real socket: `inject` waits
// for a response to end, and a stream does not.
import { get, type IncomingHttpHeaders } from "node:http";
import { STAFF_EVENTS_PATH } from "../../shared/contracts/staff-events.ts";

export type OpenStream = {
  status: number;
  headers: IncomingHttpHeaders;
  /** Everything received so far, as sent. */
  text(): string;
  /** The JSON of every `data:` line so far. */
  events(): unknown[];
  /** Waits until an event matches, or fails after `withinMs`. */
  waitFor(match: (event: unknown) => boolean, withinMs?: number): Promise<unknown>;
  /** Settles when the server ends the stream. */
  ended: Promise<void>;
  close(): void;
};

export const openStaffStream = (baseUrl: string, cookie?: string): Promise<OpenStream> =>
  openStream(`${baseUrl}${STAFF_EVENTS_PATH}`, cookie);

/** Any event stream at `url`; a refusal answers its status with the body as `text()`. */
export function openStream(url: string, cookie?: string): Promise<OpenStream> {
  return new Promise((resolve, reject) => {
    const request = get(
      url,
      { headers: { accept: "text/event-stream", ...(cookie ? { cookie } : {}) } },
      (response) => {
        let received = "";
        const watchers = new Set<() => void>();
        response.setEncoding("utf8");
        response.on("data", (chunk: string) => {
          received += chunk;
          for (const watcher of watchers) watcher();
        });
        const ended = new Promise<void>((done) => {
          response.on("end", done);
          response.on("close", done);
          response.on("error", () => done());
        });
        const events = () =>
          received
            .split("\n")
            .filter((line) => line.startsWith("data: "))
            .map((line) => JSON.parse(line.slice("data: ".length)) as unknown);
        resolve({
          status: response.statusCode ?? 0,
          headers: response.headers,
          text: () => received,
          events,
          ended,
          close: () => request.destroy(),
          waitFor(match, withinMs = 2000) {
            return new Promise((found, fail) => {
              const look = () => {
                const hit = events().find(match);
                if (hit === undefined) return;
                watchers.delete(look);
                clearTimeout(timer);
                found(hit);
              };
              const timer = setTimeout(() => {
                watchers.delete(look);
                fail(new Error(`no matching event within ${withinMs} ms; got: ${received}`));
              }, withinMs);
              watchers.add(look);
              look();
            });
          },
        });
      },
    );
    request.on("error", reject);
  });
}
