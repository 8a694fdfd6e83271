// The sales manager of bench:sales-moves: signs in, then moves orders on from the Sales
// dashboard, each move timed beside the cheapest request the same session can make.
//
// Both requests are sent as the browser sends them (src/web/lib/api-client.ts): the next-move
// button's POST with a fresh Idempotency-Key (next-move-button.tsx), the pack form's POST for
// "packed" without one (pack-form.tsx, everything packed as ordered), and GET /api/staff/me,
// which the guard answers after one session lookup and nothing else. One client, one request
// at a time, move and lookup alternating (and which goes first alternating too), so both wait
// in the same queues under the same load.
import { randomUUID } from "node:crypto";
import type { SalesOrder } from "../../src/shared/contracts/sales.ts";
import { SALES_API } from "../../src/shared/contracts/sales.ts";
import type { StaffMe } from "../../src/shared/contracts/staff.ts";
import { FORWARD_MOVES, type ForwardMove } from "../../src/shared/rules/order-fulfilment.ts";
import type { ChildServer } from "../support/child.ts";

export const SESSION_LOOKUP = "/api/staff/me";

/**
 * What one manager's requests took (ms, from sending to the answer's last byte), and how many
 * went wrong (the first few of them described).
 */
export type ManagerTimings = {
  moves: number[];
  lookups: number[];
  failed: number;
  failures: string[];
};
export const noTimings = (): ManagerTimings => ({
  moves: [],
  lookups: [],
  failed: 0,
  failures: [],
});

/** The move the pack form sends (no key); the button sends the others with one. */
const SENT_BY_PACK_FORM: ForwardMove = "packed";
const MAX_FAILURES_KEPT = 10;

export async function signInSales(server: Store): Promise<string> {
  const response = await fetch(`${server.origin}/api/staff/auth/sign-in/username`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: server.storeOrigin },
    body: JSON.stringify({ username: "sales", password: "harvest-sales" }),
  });
  if (response.status !== 200) throw new Error(`sales sign-in answered ${response.status}`);
  return response.headers
    .getSetCookie()
    .map((cookie) => cookie.split(";")[0])
    .join("; ");
}

/** Where the store is and the Origin its pages send. */
export type Store = Pick<ChildServer, "origin" | "storeOrigin">;
export type StaffRequest = {
  method: "GET" | "POST";
  url: string;
  headers: Record<string, string>;
  body?: string;
};

/** A move as the dashboard sends it. */
export function moveRequest(
  store: Store,
  cookie: string,
  orderNumber: string,
  to: ForwardMove,
): StaffRequest {
  return {
    method: "POST",
    url: `${SALES_API}/orders/${orderNumber}/moves`,
    headers: {
      accept: "application/json",
      "content-type": "application/json",
      ...(to === SENT_BY_PACK_FORM ? {} : { "idempotency-key": randomUUID() }),
      origin: store.storeOrigin,
      cookie,
    },
    body: JSON.stringify({ to }),
  };
}

/** The session lookup as the dashboard sends it. */
export const lookupRequest = (cookie: string): StaffRequest => ({
  method: "GET",
  url: SESSION_LOOKUP,
  headers: { accept: "application/json", cookie },
});

/** What a move's answer says is wrong with it, if anything. */
export function wrongMove(to: ForwardMove, status: number, body: string): string | undefined {
  const now = status === 200 ? (JSON.parse(body) as SalesOrder).status : "";
  return now === to ? undefined : `-> ${to}: ${status} ${now}`;
}

/** What a lookup's answer says is wrong with it, if anything. */
export function wrongLookup(status: number, body: string): string | undefined {
  const role = status === 200 ? (JSON.parse(body) as StaffMe).member.role : "";
  return role === "sales" ? undefined : `${SESSION_LOOKUP}: ${status} ${role}`;
}

async function timed(store: Store, { url, ...init }: StaffRequest) {
  const started = performance.now();
  const response = await fetch(`${store.origin}${url}`, init);
  const body = await response.text();
  return { ms: performance.now() - started, status: response.status, body };
}

function failed(timings: ManagerTimings, what: string | undefined) {
  if (!what) return;
  timings.failed++;
  if (timings.failures.length < MAX_FAILURES_KEPT) timings.failures.push(what);
}

async function move(
  store: Store,
  cookie: string,
  orderNumber: string,
  to: ForwardMove,
  timings: ManagerTimings,
) {
  const answer = await timed(store, moveRequest(store, cookie, orderNumber, to));
  timings.moves.push(answer.ms);
  const wrong = wrongMove(to, answer.status, answer.body);
  failed(timings, wrong && `${orderNumber} ${wrong}`);
}

async function lookUpSession(store: Store, cookie: string, timings: ManagerTimings) {
  const answer = await timed(store, lookupRequest(cookie));
  timings.lookups.push(answer.ms);
  failed(timings, wrongLookup(answer.status, answer.body));
}

/** Every forward move of one order, each paired with a session lookup. */
export async function moveThrough(
  server: Store,
  cookie: string,
  orderNumber: string,
  timings: ManagerTimings,
) {
  for (const to of FORWARD_MOVES) {
    if (timings.moves.length % 2 === 0) {
      await move(server, cookie, orderNumber, to, timings);
      await lookUpSession(server, cookie, timings);
    } else {
      await lookUpSession(server, cookie, timings);
      await move(server, cookie, orderNumber, to, timings);
    }
  }
}
