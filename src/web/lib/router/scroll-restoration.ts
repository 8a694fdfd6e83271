import { useLayoutEffect } from "react";
import type { RouterState } from "./browser-router.ts";

const STORAGE_KEY = "fhh:scroll-positions";

function readSaved(): Map<string, number> {
  try {
    const saved = JSON.parse(sessionStorage.getItem(STORAGE_KEY) ?? "{}") as Record<string, number>;
    return new Map(Object.entries(saved));
  } catch {
    return new Map();
  }
}

/**
 * Where each history entry was scrolled to, kept across reloads for the tab's life: Back returns
 * to the same place in a long shop list, and a new page starts at its top.
 */
export function createScrollMemory() {
  const positions = readSaved();
  const save = () => {
    try {
      sessionStorage.setItem(STORAGE_KEY, JSON.stringify(Object.fromEntries(positions)));
    } catch {
      // Storage full or refused: Back then starts at the top, which is no loss of data.
    }
  };
  window.history.scrollRestoration = "manual";
  window.addEventListener("pagehide", save);
  return {
    /** Called as a navigation leaves the entry, before the next page is drawn. */
    remember: (key: string) => positions.set(key, window.scrollY),
    recall: (key: string) => positions.get(key),
    dispose: () => window.removeEventListener("pagehide", save),
  };
}

export type ScrollMemory = ReturnType<typeof createScrollMemory>;

/** After each navigation: Back and Forward restore, a link to `#id` goes there, others go up. */
export function useScrollRestoration(state: RouterState, memory: ScrollMemory) {
  // Once per location: a page starting to load changes the state but goes nowhere yet.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the location stands for its state.
  useLayoutEffect(() => {
    const { action, location, preventScrollReset } = state;
    if (action === "POP") {
      const saved = memory.recall(location.key);
      if (saved !== undefined) window.scrollTo(0, saved);
      return;
    }
    if (location.hash) {
      const target = document.getElementById(decodeURIComponent(location.hash.slice(1)));
      if (target) {
        target.scrollIntoView();
        return;
      }
    }
    if (!preventScrollReset) window.scrollTo(0, 0);
  }, [state.location, memory]);
}
