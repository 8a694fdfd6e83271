import {
  createContext,
  type ReactNode,
  startTransition,
  useContext,
  useEffect,
  useState,
} from "react";

/** Whether the first render over the server's HTML has committed; set once, never unset. */
type Hydration = { done: boolean };

// Without a provider (a tree drawn in the browser alone, as in unit tests) nothing is hydrated.
const HydrationContext = createContext<Hydration>({ done: true });

/**
 * Around a tree that is drawn on the server (`hydrating`, there and in the browser's first render
 * over its HTML) or by the browser alone. Per tree, not per module: a component mounted after
 * hydration (a page navigated to) starts from what the browser knows.
 */
export function HydrationProvider({
  hydrating,
  children,
}: {
  hydrating: boolean;
  children: ReactNode;
}) {
  const [hydration] = useState<Hydration>(() => ({ done: !hydrating }));
  useEffect(() => {
    hydration.done = true;
  }, [hydration]);
  return <HydrationContext value={hydration}>{children}</HydrationContext>;
}

/**
 * True while React renders over the server's HTML, which every render then must match: what
 * only the browser knows (localStorage, the clock) must wait. For a first render's choice.
 */
export const useIsHydrating = () => !useContext(HydrationContext).done;

/**
 * False on the server and in the browser's first render over the server's HTML; true in every
 * render after, and from the start in a tree the browser draws itself. What only the browser
 * knows waits for true, so hydration meets the same markup the server sent and then updates it,
 * without a mismatch. The switch is a background render: made at once (as a store switching
 * would be), it redrew every such part of the page in one task a phone takes 60 ms over.
 */
export function useHydrated(): boolean {
  const [hydrated, setHydrated] = useState(!useIsHydrating());
  useEffect(() => {
    if (!hydrated) startTransition(() => setHydrated(true));
  }, [hydrated]);
  return hydrated;
}
