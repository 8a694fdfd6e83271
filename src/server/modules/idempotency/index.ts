export {
  answeredKeyInsert,
  answerOfKey,
  type ClaimedWith,
  ClaimLost,
  completeIdempotencyKey,
  completionQuery,
  errorResponse,
  hashRequest,
  heldByThisInstance,
  pruneIdempotencyKeys,
  runOncePerKey,
  type StoredResponse,
  type WithClaim,
} from "./idempotency-store.ts";
export { instancePlugin } from "./instance-plugin.ts";
export { idempotencyPersonalData } from "./personal-data.ts";
export { pruneStoreInstances } from "./store-instance.ts";
