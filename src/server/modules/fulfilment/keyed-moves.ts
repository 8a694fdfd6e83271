// Moves sent with an Idempotency-Key: a move replayed with its key (a browser that was offline,
// a response lost on the way) is answered as it was the first time, never made twice. The key is
// written with its answer in the move's own transaction, so the move and its answer commit
// together, and a move that fails leaves no key behind.
import type { FastifyRequest } from "fastify";
import type { MoveOrder } from "../../../shared/contracts/sales.ts";
import type { BulkConfirmResult } from "../../../shared/contracts/sales-bulk.ts";
import { AppError } from "../../http/app-error.ts";
import {
  answeredKeyInsert,
  answerOfKey,
  completeIdempotencyKey,
  errorResponse,
  hashRequest,
  runOncePerKey,
  type StoredResponse,
} from "../idempotency/index.ts";
import { staffMemberOf } from "../staff/index.ts";
import { type MoveDeps, type MoveDone, moveOrder } from "./order-moves.ts";

const MOVE_SCOPE = "sales-move";
const BULK_CONFIRM_SCOPE = "sales-bulk-confirm";
const IN_PROGRESS = "This move is already being sent. Please wait a moment and look again.";

/**
 * A move run once per key. `done` is what the first run left to do after its commit (a refund
 * to pay); a replay has none, its first run did it. A refusal is kept as the key's answer: the
 * same key again is refused the same way, with the same words of who moved the order.
 */
export type KeyedMove = { response: StoredResponse; done?: MoveDone };

export async function moveOncePerKey(
  deps: MoveDeps,
  request: FastifyRequest,
  orderNumber: string,
  move: MoveOrder,
  key: string,
): Promise<KeyedMove> {
  // The member is part of the request: another member's same key is a different request (422).
  const by = staffMemberOf(request).id;
  const keyed = { scope: MOVE_SCOPE, key, requestHash: hashRequest({ orderNumber, move, by }) };
  const moved: StoredResponse = { status: 200, body: { orderNumber } };
  try {
    // The key is written with the move, in its last statement: a replay, or a second press at
    // once, finds the order moved (the second waits for the row) and then the key's answer.
    const done = await moveOrder(deps, request, orderNumber, move, (tx) =>
      answeredKeyInsert(tx, keyed, moved),
    );
    return { response: moved, done };
  } catch (error) {
    const refusal = error instanceof AppError ? errorResponse(error) : undefined;
    let answer: StoredResponse | undefined;
    try {
      answer = await answerOfKey(deps.db, keyed, refusal);
    } catch (keyError) {
      if (!(keyError instanceof AppError)) throw error;
      throw keyError.code === "IN_PROGRESS" ? new AppError("IN_PROGRESS", IN_PROGRESS) : keyError;
    }
    if (!answer) throw error;
    return { response: answer };
  }
}

/**
 * Confirms each order, one transaction each, through the single move (its state check, audit
 * entry, email and live notice), in the order given. Each order's move has its own key made from
 * the request's, so a repeat after a crash half-way answers the orders already confirmed as
 * confirmed, and the whole answer is kept under the request's key.
 */
export async function confirmOrders(
  deps: MoveDeps,
  request: FastifyRequest,
  orders: string[],
  key: string,
): Promise<StoredResponse> {
  const by = staffMemberOf(request).id;
  try {
    return await runOncePerKey(
      deps.db,
      { scope: BULK_CONFIRM_SCOPE, key, requestHash: hashRequest({ orders, by }) },
      async () => {
        const results: BulkConfirmResult["results"] = [];
        for (const orderNumber of orders) {
          const { response } = await moveOncePerKey(
            deps,
            request,
            orderNumber,
            { to: "confirmed" },
            `${key}.${orderNumber}`,
          );
          const refusal = response.status === 200 ? null : (response.body as { message: string });
          results.push({
            orderNumber,
            outcome: refusal ? "refused" : "confirmed",
            message: refusal?.message ?? null,
          });
        }
        const answer: StoredResponse = { status: 200, body: { results } };
        await completeIdempotencyKey(deps.db, BULK_CONFIRM_SCOPE, key, answer);
        return answer;
      },
      async () => {},
    );
  } catch (error) {
    if (error instanceof AppError && error.code === "IN_PROGRESS") {
      throw new AppError("IN_PROGRESS", IN_PROGRESS);
    }
    throw error;
  }
}
