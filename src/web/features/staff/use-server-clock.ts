import { useEffect, useState } from "react";

/** How often ages on the board move on. */
export const CLOCK_TICK_MS = 30_000;

/**
 * The server's clock as of now: its `now` when the answer arrived, plus the time passed on this
 * device since. Ages then agree with the server's promise states whatever the device's clock
 * says, and move on every 30 seconds without asking the server again.
 */
export function useServerClock(serverNow: string | undefined, receivedAt: number): Date {
  const [deviceNow, setDeviceNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setDeviceNow(Date.now()), CLOCK_TICK_MS);
    return () => clearInterval(timer);
  }, []);
  if (!serverNow) return new Date(deviceNow);
  const elapsed = Math.max(0, deviceNow - receivedAt);
  return new Date(Date.parse(serverNow) + elapsed);
}
