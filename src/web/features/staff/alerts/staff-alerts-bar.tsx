import { Bell, BellOff, Volume2, VolumeX } from "lucide-react";
import { useState } from "react";
import type { StaffRole } from "../../../../shared/rules/staff.ts";
import { Button } from "../../../components/ui/button.tsx";
import { useAlertPreferences } from "./alert-preferences.ts";
import { chime, unlockSound } from "./alert-sound.ts";
import { STAFF_ALERT_TEXT as text } from "./alert-texts.ts";
import { notificationsSupported, useStaffAlerts } from "./use-staff-alerts.ts";

/**
 * How the dashboard calls for attention: the count of what waits (also in the tab's title), an
 * opt-in chime, and browser notifications, asked for with a button and never on load.
 */
export function StaffAlertsBar({ dashboard: role }: { dashboard: StaffRole }) {
  const [preferences, change] = useAlertPreferences(role);
  const { waiting, loaded } = useStaffAlerts(role, preferences);
  const [permission, setPermission] = useState(() =>
    notificationsSupported() ? Notification.permission : "denied",
  );

  const turnOnNotifications = async () => {
    const answer = await Notification.requestPermission();
    setPermission(answer);
    if (answer === "granted") change({ notify: true });
  };

  return (
    <section
      aria-label={text.label}
      className="flex flex-wrap items-center gap-2 rounded-2xl bg-white px-4 py-3 shadow-card"
      data-testid="staff-alerts"
    >
      <p className="mr-auto text-sm font-semibold text-ink-900" role="status">
        {loaded ? text.waiting(waiting) : text.loading}
      </p>
      {!notificationsSupported() ? (
        <p className="text-xs text-ink-500">{text.unsupported}</p>
      ) : permission === "granted" ? (
        <Button
          size="sm"
          variant="outline"
          aria-pressed={preferences.notify}
          onClick={() => change({ notify: !preferences.notify })}
        >
          {preferences.notify ? (
            <Bell aria-hidden="true" className="h-4 w-4" />
          ) : (
            <BellOff aria-hidden="true" className="h-4 w-4" />
          )}
          {text.notifications}
        </Button>
      ) : permission === "denied" ? (
        <p className="text-xs text-ink-500">{text.blocked}</p>
      ) : (
        <Button size="sm" variant="outline" onClick={() => void turnOnNotifications()}>
          <Bell aria-hidden="true" className="h-4 w-4" /> {text.turnOnNotifications}
        </Button>
      )}
      <Button
        size="sm"
        variant="outline"
        aria-pressed={preferences.sound}
        onClick={() => {
          const on = !preferences.sound;
          if (on) {
            unlockSound();
            chime();
          }
          change({ sound: on });
        }}
      >
        {preferences.sound ? (
          <Volume2 aria-hidden="true" className="h-4 w-4" />
        ) : (
          <VolumeX aria-hidden="true" className="h-4 w-4" />
        )}
        {text.sound}
      </Button>
    </section>
  );
}
