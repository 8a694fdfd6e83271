// Calendar dates travel as "YYYY-MM-DD" text; these turn them into the Date objects a calendar
// widget draws (midnight on the device, which only decides the grid) and back, never through
// UTC, which would move a date by a day east or west of Greenwich.

export function toLocalDate(date: string): Date {
  const [year, month, day] = date.split("-").map(Number);
  return new Date(year!, month! - 1, day);
}

export function fromLocalDate(date: Date): string {
  const pad = (value: number) => String(value).padStart(2, "0");
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}
