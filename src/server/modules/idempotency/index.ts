export {
  ClaimLost,
  completeIdempotencyKey,
  completionQuery,
  hashRequest,
  heldByThisInstance,
  pruneIdempotencyKeys,
  runOncePerKey,
  type StoredResponse,
} from "./idempotency-store.ts";
export { idempotencyPersonalData } from "./personal-data.ts";
export { createInstanceHeartbeat, pruneStoreInstances } from "./store-instance.ts";
