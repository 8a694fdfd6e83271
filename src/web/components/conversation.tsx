import type { ReactNode } from "react";
import { cn } from "../lib/cn.ts";
import { DateTime } from "./date-time.tsx";

export type ConversationEntry = {
  id: number | string;
  /** Who wrote it: the customer, the shop, or a note only the shop sees. */
  side: "customer" | "shop" | "note";
  author: string;
  body: string;
  createdAt: string;
  /** A short label beside the author, e.g. "Internal note". */
  tag?: string;
};

const SIDES = {
  customer: "mr-6 border-cream-200 bg-white sm:mr-16",
  shop: "ml-6 border-brand-200 bg-brand-50 sm:ml-16",
  note: "ml-6 border-dashed border-saffron-400 bg-saffron-400/10 sm:ml-16",
} as const;

/**
 * A support conversation, oldest first: the customer's messages on one side, the shop's on the
 * other, notes marked. The text is shown as typed (React escapes it; line breaks are kept).
 */
export function Conversation({
  entries,
  label,
  empty,
}: {
  entries: readonly ConversationEntry[];
  label: string;
  empty?: ReactNode;
}) {
  if (entries.length === 0 && empty) return <>{empty}</>;
  return (
    <ol aria-label={label} className="space-y-3">
      {entries.map((entry) => (
        <li
          key={entry.id}
          className={cn("rounded-2xl border p-4 shadow-sm", SIDES[entry.side])}
          data-side={entry.side}
        >
          <p className="flex flex-wrap items-baseline gap-x-2 gap-y-1 text-sm">
            <span className="font-semibold text-ink-900">
              <bdi>{entry.author}</bdi>
            </span>
            {entry.tag && (
              <span className="rounded-full bg-saffron-400/25 px-2 py-0.5 text-xs font-semibold text-saffron-800">
                {entry.tag}
              </span>
            )}
            <span className="text-ink-500">
              <DateTime iso={entry.createdAt} />
            </span>
          </p>
          <p className="mt-2 whitespace-pre-line break-words text-ink-900">
            <bdi>{entry.body}</bdi>
          </p>
        </li>
      ))}
    </ol>
  );
}

type Thread = {
  name: string;
  message: string;
  createdAt: string;
  thread: readonly {
    id: number;
    kind: "reply" | "note" | "answer";
    author: string;
    body: string;
    createdAt: string;
  }[];
};

/** A ticket as a conversation: the customer's first message, then the thread in order. */
export function conversationOf(
  ticket: Thread,
  {
    shopAuthor = (author: string) => author,
    noteTag,
  }: { shopAuthor?: (author: string) => string; noteTag?: string } = {},
): ConversationEntry[] {
  return [
    {
      id: "first",
      side: "customer",
      author: ticket.name,
      body: ticket.message,
      createdAt: ticket.createdAt,
    },
    ...ticket.thread.map(
      (entry): ConversationEntry => ({
        id: entry.id,
        side: entry.kind === "answer" ? "customer" : entry.kind === "note" ? "note" : "shop",
        author: entry.kind === "answer" ? entry.author : shopAuthor(entry.author),
        body: entry.body,
        createdAt: entry.createdAt,
        ...(entry.kind === "note" && noteTag ? { tag: noteTag } : {}),
      }),
    ),
  ];
}
