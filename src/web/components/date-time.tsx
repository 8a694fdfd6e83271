const DATE_TIME = new Intl.DateTimeFormat("en-IN", { dateStyle: "medium", timeStyle: "short" });

/** A moment as shoppers and staff read it: "21 Nov 2026, 7:05 pm". */
export function DateTime({ iso }: { iso: string }) {
  return <time dateTime={iso}>{DATE_TIME.format(new Date(iso))}</time>;
}
