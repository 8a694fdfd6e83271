import { useLocation } from "./router/index.ts";
import { useHydrated } from "./use-hydrated.ts";

/**
 * What the page before handed over with the navigation, or undefined while the page hydrates:
 * the server never has it (a reload keeps it in the browser's history), so the first render must
 * not either. A page whose choice depends on it shows its loading frame until then, rather than
 * redirecting on a guess.
 */
export function useLocationState<T>(): Partial<T> | null | undefined {
  const { state } = useLocation();
  return useHydrated() ? (state as Partial<T> | null) : undefined;
}
