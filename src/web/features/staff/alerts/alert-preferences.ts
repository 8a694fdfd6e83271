// A member's choice of sound and browser notifications for a dashboard, kept in this browser.
import { useCallback, useSyncExternalStore } from "react";
import type { StaffRole } from "../../../../shared/rules/staff.ts";

export type AlertPreferences = { sound: boolean; notify: boolean };
const NONE: AlertPreferences = { sound: false, notify: false };
const keyOf = (role: StaffRole) => `fhh.staff-alerts.${role}`;
const listeners = new Set<() => void>();
const cache = new Map<string, { raw: string | null; value: AlertPreferences }>();

function read(role: StaffRole): AlertPreferences {
  let raw: string | null = null;
  try {
    raw = localStorage.getItem(keyOf(role));
  } catch {
    return NONE;
  }
  const cached = cache.get(role);
  if (cached && cached.raw === raw) return cached.value;
  let value = NONE;
  try {
    const parsed = raw ? (JSON.parse(raw) as Partial<AlertPreferences>) : {};
    value = { sound: parsed.sound === true, notify: parsed.notify === true };
  } catch {
    value = NONE;
  }
  cache.set(role, { raw, value });
  return value;
}

/** The member's choices for this dashboard, and a way to change them. Both start off. */
export function useAlertPreferences(role: StaffRole) {
  const preferences = useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => read(role),
    () => NONE,
  );
  const change = useCallback(
    (next: Partial<AlertPreferences>) => {
      try {
        localStorage.setItem(keyOf(role), JSON.stringify({ ...read(role), ...next }));
      } catch {
        // A browser that keeps nothing (private mode, full storage) keeps the choice for now only.
      }
      for (const listener of listeners) listener();
    },
    [role],
  );
  return [preferences, change] as const;
}
