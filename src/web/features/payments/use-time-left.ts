import { useEffect, useState } from "react";

const pad = (value: number) => String(value).padStart(2, "0");

/** "14:05", or "1:02:09" past an hour. */
export function formatTimeLeft(seconds: number): string {
  const hours = Math.floor(seconds / 3600);
  const minutes = Math.floor((seconds % 3600) / 60);
  const rest = seconds % 60;
  return hours > 0 ? `${hours}:${pad(minutes)}:${pad(rest)}` : `${pad(minutes)}:${pad(rest)}`;
}

const secondsUntil = (dueAt: string | null) =>
  dueAt === null ? 0 : Math.max(0, Math.ceil((Date.parse(dueAt) - Date.now()) / 1000));

/** Whole seconds until `dueAt`, counting down each second; 0 once it has passed. */
export function useTimeLeft(dueAt: string | null): number {
  const [left, setLeft] = useState(() => secondsUntil(dueAt));
  useEffect(() => {
    setLeft(secondsUntil(dueAt));
    if (dueAt === null) return;
    const timer = window.setInterval(() => {
      const next = secondsUntil(dueAt);
      setLeft(next);
      if (next === 0) window.clearInterval(timer);
    }, 1000);
    return () => window.clearInterval(timer);
  }, [dueAt]);
  return left;
}
