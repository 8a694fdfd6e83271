// Every word of the dashboards' alert bar.
export const STAFF_ALERT_TEXT = {
  label: "Alerts",
  loading: "Checking what waits…",
  waiting: (count: number) =>
    count === 0
      ? "Nothing waits for you."
      : `${count} ${count === 1 ? "thing waits" : "things wait"} for you.`,
  turnOnNotifications: "Turn on notifications",
  notifications: "Notifications",
  blocked: "Notifications are blocked for this site in the browser's settings.",
  unsupported: "This browser cannot show notifications.",
  sound: "Sound",
} as const;
