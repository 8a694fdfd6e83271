import { useCallback, useRef } from "react";

function newKey(): string {
  return crypto.randomUUID();
}

/**
 * One Idempotency-Key per checkout attempt. Only a final answer ends the attempt
 * (attempt-outcome.ts); until then pressing the button again cannot place a second order.
 */
export function useAttemptKey() {
  const key = useRef(newKey());
  const current = useCallback(() => key.current, []);
  const finish = useCallback(() => {
    key.current = newKey();
  }, []);
  return { current, finish };
}
