import { useCallback, useRef } from "react";

function newKey(): string {
  return crypto.randomUUID();
}

/**
 * One Idempotency-Key per checkout attempt. A network failure keeps the key, so pressing the
 * button again cannot place a second order; an answer from the server (success or refusal)
 * ends the attempt, and the next press is a new one.
 */
export function useAttemptKey() {
  const key = useRef(newKey());
  const current = useCallback(() => key.current, []);
  const finish = useCallback(() => {
    key.current = newKey();
  }, []);
  return { current, finish };
}
