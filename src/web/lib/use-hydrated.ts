import { useSyncExternalStore } from "react";

const neverChanges = () => () => {};

/**
 * False on the server and in the browser's first render over the server's HTML; true in every
 * render after, and from the start in a page the browser draws itself. What only the browser
 * knows (localStorage, the clock) waits for true, so hydration meets the same markup the server
 * sent and then updates it, without a mismatch.
 */
export const useHydrated = () =>
  useSyncExternalStore(
    neverChanges,
    () => true,
    () => false,
  );
