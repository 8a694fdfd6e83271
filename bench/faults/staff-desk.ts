// The sales manager at work during a fault run: confirming cash orders and cancelling some paid
// online ones (which refunds them), over HTTP like the back office's pages. A move is guarded by
// the order's state, so pressing again after a lost answer is safe: a 409 then means the first
// press took, which a read of the order confirms.
import { setTimeout as sleep } from "node:timers/promises";
import { STAFF_MEMBERS } from "../../src/server/modules/staff/staff-members.ts";
import { STAFF_SESSION_COOKIE } from "../../src/server/testing/staff.ts";
import { SALES_API } from "../../src/shared/contracts/sales.ts";
import { SALES_SUMMARY_PATH } from "../../src/shared/contracts/sales-figures.ts";
import { type Answer, type Call, httpCall, nextLoopbackAddress } from "./http-call.ts";
import { type Shoppers, type ShopTarget, worthRetrying } from "./shoppers.ts";
import type { CallKind, Tally } from "./tally.ts";

/** Of the orders paid online, every n-th is cancelled by the manager (and refunded). */
const CANCEL_EVERY_PAID = 4;
/** Of the cash orders, every n-th is confirmed. */
const CONFIRM_EVERY_CASH = 3;
const PAUSE_MS = 400;
const PATIENCE_MS = 30_000;

/** The next every-n-th entry of `list` after the first `seen`, and how far that looked. */
function nth(list: string[], seen: number, every: number): { next?: string; seen: number } {
  for (let index = seen; index < list.length; index++) {
    if ((index + 1) % every === 0) return { next: list[index], seen: index + 1 };
  }
  return { seen: list.length };
}

export class StaffDesk {
  /** Orders whose cancel the store took (200, or 409 and then read as cancelled). */
  readonly cancelled: string[] = [];
  readonly confirmed: string[] = [];
  readonly refused: string[] = [];
  private stopping = false;
  private running: Promise<void> | undefined;
  private cookie: string | undefined;
  private readonly address = nextLoopbackAddress();

  constructor(
    private readonly target: ShopTarget,
    private readonly tally: Tally,
    private readonly shoppers: Shoppers,
    /** Also reads the sales dashboard's figures each turn (a replica serves them when it can). */
    private readonly readFigures = false,
  ) {}

  start(): void {
    this.running = this.work();
  }

  async stop(): Promise<void> {
    this.stopping = true;
    await this.running;
  }

  private async send(
    call: Omit<Call, "base" | "from" | "cookie">,
    kind: CallKind = "staff",
  ): Promise<Answer> {
    const sent = this.tally.now();
    const answer = await httpCall({
      base: this.target.base(),
      origin: this.target.origin,
      from: this.address,
      cookie: this.cookie,
      ...call,
    });
    this.tally.record(kind, sent, answer);
    return answer;
  }

  private async retrying(call: Omit<Call, "base" | "from" | "cookie">, kind?: CallKind) {
    const until = performance.now() + PATIENCE_MS;
    for (;;) {
      const answer = await this.send(call, kind);
      if (!worthRetrying(answer) || performance.now() >= until) return answer;
      await sleep(answer.retryAfter ? Math.min(answer.retryAfter, 5) * 1000 : 500);
    }
  }

  private async signIn(): Promise<void> {
    const member = STAFF_MEMBERS.find((candidate) => candidate.role === "sales")!;
    const answer = await this.retrying({
      path: "/api/staff/auth/sign-in/username",
      body: { username: member.username, password: member.demoPassword },
    });
    const session = answer.cookies.get(STAFF_SESSION_COOKIE);
    if (answer.status !== 200 || !session) {
      throw new Error(
        `the sales manager could not sign in: ${answer.status} ${answer.error ?? ""}`,
      );
    }
    this.cookie = `${STAFF_SESSION_COOKIE}=${session}`;
  }

  private async work(): Promise<void> {
    await this.signIn();
    let paidSeen = 0;
    let cashSeen = 0;
    while (!this.stopping) {
      await sleep(PAUSE_MS);
      const { paidOrders, cashOrders } = this.shoppers;
      // One of each a turn, at most: the desk keeps a person's pace, not the shoppers'.
      const paid = nth(paidOrders, paidSeen, CANCEL_EVERY_PAID);
      paidSeen = paid.seen;
      if (paid.next) await this.cancel(paid.next);
      const cash = nth(cashOrders, cashSeen, CONFIRM_EVERY_CASH);
      cashSeen = cash.seen;
      if (cash.next) await this.confirm(cash.next);
      if (this.readFigures) await this.send({ path: SALES_SUMMARY_PATH }, "figures");
    }
  }

  private async statusOf(orderNumber: string): Promise<string | undefined> {
    const read = await this.retrying({ path: `${SALES_API}/orders/${orderNumber}` });
    return read.status === 200 ? String(read.body?.status) : undefined;
  }

  private async cancel(orderNumber: string): Promise<void> {
    const answer = await this.retrying({
      path: `${SALES_API}/orders/${orderNumber}/cancel`,
      body: { reason: "customer_request", note: "Fault run: the shopper asked" },
    });
    if (answer.status === 200) this.cancelled.push(orderNumber);
    else if (answer.status === 409 && (await this.statusOf(orderNumber)) === "cancelled") {
      this.cancelled.push(orderNumber);
    } else
      this.refused.push(`cancel ${orderNumber}: ${answer.status} ${String(answer.body?.code)}`);
  }

  private async confirm(orderNumber: string): Promise<void> {
    const answer = await this.retrying({
      path: `${SALES_API}/orders/${orderNumber}/moves`,
      body: { to: "confirmed" },
    });
    if (answer.status === 200) this.confirmed.push(orderNumber);
    else if (answer.status === 409 && (await this.statusOf(orderNumber)) === "confirmed") {
      this.confirmed.push(orderNumber);
    } else
      this.refused.push(`confirm ${orderNumber}: ${answer.status} ${String(answer.body?.code)}`);
  }
}
