// What the shopper reads about an order's progress and its GST documents, in one place.
export const ORDER_TEXT = {
  confirmed: "Order Confirmed!",
  /** An online order whose time to pay ran out. */
  cancelled: "Order cancelled",
  creditNotes: "Credit notes",
  creditNotesHint: "Issued for what was cancelled or not delivered after the invoice.",
  creditNote: (number: string) => `Credit note ${number}`,
  /** A line packed short: what was ordered, beside what is supplied. */
  ordered: (quantity: number) => `(ordered ${quantity})`,
} as const;
