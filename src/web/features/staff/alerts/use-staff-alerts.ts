import { useQuery } from "@tanstack/react-query";
import { useEffect, useRef } from "react";
import { STAFF_ALERTS_PATH, type StaffAlerts } from "../../../../shared/contracts/staff-alerts.ts";
import { DASHBOARDS, type StaffRole } from "../../../../shared/rules/staff.ts";
import { titleWithCount } from "../../../../shared/rules/staff-alert-texts.ts";
import { api } from "../../../lib/api-client.ts";
import { useStaffEvents } from "../api/staff-events.ts";
import type { AlertPreferences } from "./alert-preferences.ts";
import { chime } from "./alert-sound.ts";

export const alertsKey = ["staff", "alerts"] as const;
/** At most this many notifications at once: a burst reads as one "and more". */
const NOTIFY_AT_ONCE = 3;

export const notificationsSupported = () =>
  typeof window !== "undefined" && "Notification" in window;

/**
 * What waits for the member's dashboard, kept fresh by the live stream and a minute's poll (an
 * order becomes late with no event). The tab title counts it; each alert not seen before chimes
 * (when sound is on) and, while the tab is in the background, becomes a browser notification.
 * What was there when the page opened is not announced again.
 */
export function useStaffAlerts(role: StaffRole, preferences: AlertPreferences) {
  useStaffEvents({ "*": [alertsKey] });
  const alerts = useQuery({
    queryKey: alertsKey,
    queryFn: () => api.get<StaffAlerts>(STAFF_ALERTS_PATH),
    refetchInterval: 60_000,
    refetchIntervalInBackground: true,
  });
  const waiting = alerts.data?.waiting ?? 0;

  useEffect(() => {
    const base = document.title.replace(/^\(\d+\+?\) /, "");
    document.title = titleWithCount(base, waiting);
    return () => {
      document.title = document.title.replace(/^\(\d+\+?\) /, "");
    };
  }, [waiting]);

  const seen = useRef<Set<string> | null>(null);
  const latest = useRef(preferences);
  latest.current = preferences;
  useEffect(() => {
    const data = alerts.data;
    if (!data) return;
    if (seen.current === null) {
      seen.current = new Set(data.alerts.map((alert) => alert.key));
      return;
    }
    const known = seen.current;
    const fresh = data.alerts.filter((alert) => !known.has(alert.key));
    for (const alert of data.alerts) known.add(alert.key);
    if (fresh.length === 0) return;
    const { sound, notify } = latest.current;
    if (sound) chime();
    if (
      notify &&
      notificationsSupported() &&
      Notification.permission === "granted" &&
      document.visibilityState === "hidden"
    ) {
      for (const alert of fresh.slice(0, NOTIFY_AT_ONCE)) {
        const note = new Notification(DASHBOARDS[role].title, { body: alert.text, tag: alert.key });
        note.onclick = () => {
          window.focus();
          note.close();
        };
      }
    }
  }, [alerts.data, role]);

  return { waiting, loaded: alerts.isSuccess };
}
