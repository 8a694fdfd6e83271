import { useCallback, useEffect, useRef } from "react";
import { fetchOrderAccessKey } from "./api/order-access-key.ts";

/**
 * The browser's order-access key, asked for as the checkout opens so that the browser holds it
 * before its first Place Order: the order is filed under a key it already has, and a press again
 * after a lost answer comes from the same browser, which alone gets that order back. `ready()`
 * waits for it, asking again if the last ask failed.
 */
export function useOrderAccessKey() {
  const asked = useRef<Promise<unknown> | undefined>(undefined);
  const ready = useCallback(() => {
    asked.current ??= fetchOrderAccessKey().catch((error: unknown) => {
      asked.current = undefined;
      throw error;
    });
    return asked.current;
  }, []);
  useEffect(() => {
    // Only early: Place Order waits for it, and says so if the store cannot be reached.
    ready().catch(() => {});
  }, [ready]);
  return ready;
}
