// "Recent activity" as people read it: each audit entry becomes one sentence in the dashboard's
// words, the member's name first, with a few short lines for what an edit changed. Entries keep
// what the server wrote at the time, so every fact may be missing from an older one: a sentence
// then says less rather than show a key, an id or a number without its unit.
import type { AuditEntryView } from "../contracts/audit.ts";
import { formatRupees } from "../money.ts";
import { capDetails, isRecord, productChanges } from "./audit-summary.ts";
import {
  CASH_PAID_BACK_LABELS,
  DELIVERED_REFUND_REASON_LABELS,
  RETURNED_GOODS_LABELS,
} from "./delivered-refund.ts";
import { formatHarvestDay } from "./harvest-date.ts";
import { formatQuantity, pricedUnitLabel } from "./measure.ts";
import { CANCEL_REASON_LABELS } from "./order-fulfilment.ts";
import type { StaffRole } from "./staff.ts";
import { lotLabel, WRITE_OFF_REASON_LABELS } from "./stock-movement.ts";

export type ActivitySentence = { sentence: string; details: string[] };

/** A kind of change the panel filters by: an action ending in "." stands for all its verbs. */
export type ActivityKind = { id: string; label: string; actions: readonly string[] };

const ACCOUNT_KIND: ActivityKind = { id: "account", label: "Sign-in name", actions: ["staff."] };

/** Each dashboard's kinds of change, in the order its filter lists them. */
export const ACTIVITY_KINDS = {
  inventory: [
    { id: "stock", label: "Stock", actions: ["stock."] },
    { id: "products", label: "Products and prices", actions: ["product."] },
    ACCOUNT_KIND,
  ],
  sales: [
    {
      id: "orders",
      label: "Order moves",
      actions: ["order.confirmed", "order.packed", "order.out_for_delivery", "order.delivered"],
    },
    { id: "cancellations", label: "Cancellations", actions: ["order.cancel"] },
    { id: "refunds", label: "Refunds", actions: ["order.refund", "refund_request."] },
    ACCOUNT_KIND,
  ],
  "customer-relations": [
    { id: "tickets", label: "Tickets", actions: ["ticket."] },
    { id: "saved-replies", label: "Saved replies", actions: ["saved_reply."] },
    { id: "feedback", label: "Feedback and ratings", actions: ["feedback.", "rating."] },
    { id: "refunds", label: "Refund requests", actions: ["refund_request."] },
    { id: "bulk", label: "Bulk orders", actions: ["bulk."] },
    ACCOUNT_KIND,
  ],
} as const satisfies Record<StaffRole, readonly ActivityKind[]>;

export function activityKindOf(role: StaffRole, id: string): ActivityKind | undefined {
  return (ACTIVITY_KINDS[role] as readonly ActivityKind[]).find((kind) => kind.id === id);
}

export function isOfKind(kind: ActivityKind, action: string): boolean {
  return kind.actions.some((name) =>
    name.endsWith(".") ? action.startsWith(name) : action === name,
  );
}

/** Every sentence and detail line of the panel, in one place. */
export const ACTIVITY_TEXT = {
  created: (who: string, what: string, price: string | undefined) =>
    `${who} added ${what} to the catalogue${price ? ` at ${price}` : ""}`,
  edited: (who: string, what: string) => `${who} edited ${what}`,
  archived: (who: string, what: string) => `${who} archived ${what}`,
  restored: (who: string, what: string) => `${who} restored ${what} to the shop`,
  photoAdded: (who: string, what: string) => `${who} added a photo of ${what}`,
  photoReplaced: (who: string, what: string) => `${who} replaced the photo of ${what}`,
  photoRemoved: (who: string, what: string) => `${who} removed the photo of ${what}`,
  imported: (who: string, what: string) => `${who} updated ${what} from a catalogue file`,
  received: (who: string, what: string, from: string | undefined, harvested: string | undefined) =>
    `${who} received ${what}${from ? ` from ${from}` : ""}${harvested ? `, harvested ${harvested}` : ""}`,
  wroteOff: (who: string, what: string, reason: string | undefined) =>
    `${who} wrote off ${what}${reason ? ` (${reason.toLowerCase()})` : ""}`,
  counted: (who: string, what: string) => `${who} counted the stock of ${what}`,
  countConfirmed: (who: string, what: string, stock: string) =>
    `${who} counted ${what}: ${stock}, as recorded`,
  countCorrected: (who: string, what: string, from: string, to: string) =>
    `${who} corrected the stock of ${what} from ${from} to ${to}`,
  lotChecked: (who: string, what: string, bestBefore: string | undefined) =>
    `${who} checked ${what}${bestBefore ? ` past its best-before date (${bestBefore})` : " past its best-before date"} and put it back on sale`,
  /** A quantity of a product: "50 kg of Tomatoes", "12 Coconuts" (sold each). */
  quantityOf: (quantity: string, unit: string, name: string) =>
    unit === "each" ? `${quantity} ${name}` : `${quantity} of ${name}`,
  stockOf: (name: string) => `stock of ${name}`,

  confirmed: (who: string, order: string) => `${who} confirmed order ${order}`,
  packed: (who: string, order: string) => `${who} packed order ${order}`,
  outForDelivery: (who: string, order: string) => `${who} sent order ${order} out for delivery`,
  delivered: (who: string, order: string) => `${who} marked order ${order} delivered`,
  cancelled: (who: string, order: string, reason: string | undefined) =>
    `${who} cancelled order ${order}${reason ? ` (${reason.toLowerCase()})` : ""}`,
  refunded: (who: string, amount: string | undefined, order: string, reason: string | undefined) =>
    `${who} refunded ${amount ? `${amount} of ` : ""}order ${order}${reason ? ` (${reason.toLowerCase()})` : ""}`,
  requestDeclined: (who: string, ticket: string) =>
    `${who} declined the refund request of ticket ${ticket}`,
  requestMade: (who: string, order: string | undefined, ticket: string) =>
    `${who} asked Sales to refund ${order ? `order ${order}` : "an order"} for ticket ${ticket}`,

  replied: (who: string, ticket: string) => `${who} replied on ticket ${ticket}`,
  noted: (who: string, ticket: string) => `${who} added a team note on ticket ${ticket}`,
  resolved: (who: string, ticket: string) => `${who} resolved ticket ${ticket}`,
  reopened: (who: string, ticket: string) => `${who} reopened ticket ${ticket}`,
  feedbackRead: (who: string) => `${who} read a feedback message`,
  feedbackAnswered: (who: string, ticket: string | undefined) =>
    `${who} answered a feedback message${ticket ? ` in ticket ${ticket}` : ""}`,
  ratingAnswered: (who: string, order: string, ticket: string | undefined) =>
    `${who} followed up the rating of order ${order}${ticket ? ` in ticket ${ticket}` : ""}`,
  savedReplyAdded: (who: string, title: string | undefined) =>
    `${who} added ${title ? `the saved reply “${title}”` : "a saved reply"}`,
  savedReplyEdited: (who: string, title: string | undefined) =>
    `${who} edited ${title ? `the saved reply “${title}”` : "a saved reply"}`,
  savedReplyDeleted: (who: string, title: string | undefined) =>
    `${who} deleted ${title ? `the saved reply “${title}”` : "a saved reply"}`,

  quoted: (who: string, amount: string | undefined, bulk: string) =>
    `${who} quoted ${amount ? `${amount} ` : ""}for bulk order ${bulk}`,
  bulkConfirmed: (who: string, bulk: string) => `${who} confirmed bulk order ${bulk}`,
  bulkDelivered: (who: string, bulk: string) => `${who} marked bulk order ${bulk} delivered`,
  bulkCancelled: (who: string, bulk: string) => `${who} cancelled bulk order ${bulk}`,
  bulkChanged: (who: string, bulk: string) => `${who} changed the lines of bulk order ${bulk}`,
  bulkToBoard: (who: string, bulk: string, order: string | undefined) =>
    `${who} sent bulk order ${bulk} to the order board${order ? ` as order ${order}` : ""}`,

  renamed: (who: string, from: string | undefined, to: string | undefined) =>
    from && to
      ? `${who}'s sign-in name was changed from ${from} to ${to}`
      : `${who}'s sign-in name was changed`,
  /** Any action this table does not know yet. */
  changed: (who: string, what: string) => `${who} changed ${what}`,

  // Detail lines.
  bestBefore: (day: string) => `Best before ${day}`,
  /** A price for its unit: "₹40.00 per kg", "₹12.00 each"; the bare amount without one. */
  perUnit: (amount: string, unit: string | undefined) =>
    unit ? `${amount} ${pricedUnitLabel(unit)}` : amount,
  unitCost: (price: string) => `Cost ${price}`,
  note: (note: string) => `Note: ${note}`,
  reason: (reason: string) => `Reason: ${reason}`,
  lot: (label: string) => `Lot: ${label}`,
  total: (from: string, to: string) => `Total: ${from} → ${to}`,
  invoice: (number: string) => `Invoice ${number}`,
  creditNote: (number: string) => `Credit note ${number}`,
  refundOwed: (amount: string) => `Refund: ${amount}`,
  picked: (name: string, packed: string, ordered: string) => `${name}: ${packed} of ${ordered}`,
  refundLine: (name: string, quantity: string | undefined, amount: string | undefined) =>
    [name, quantity, amount].filter(Boolean).join(", "),
  deliveryFee: (amount: string) => `Delivery fee: ${amount}`,
  goods: (what: string) => `Goods: ${what.toLowerCase()}`,
  paidBackBy: (how: string) => `Paid back by ${how}`,
  lateNote: (note: string) => `After the refund window: ${note}`,
  previousQuote: (amount: string) => `Earlier quote: ${amount}`,
  discount: (percent: number) => `Discount: ${percent}%`,
  deliveryCharge: (amount: string) => `Delivery: ${amount}`,
  cashOnDelivery: "Cash on delivery approved",
  balance: (amount: string, online: boolean) =>
    `Balance ${amount} paid ${online ? "online" : "in cash"}`,
  early: (reason: string) => `Delivered before the event: ${reason}`,
  feeKept: (amount: string) => `Fee kept: ${amount}`,
  feeAdded: (amount: string) => `Fee added: ${amount}`,
  dueNow: (amount: string) => `Due now: ${amount}`,
  lineChanged: (name: string, from: string, to: string) => `${name}: ${from} → ${to}`,
  lineAdded: (line: string) => `Added ${line}`,
  lineRemoved: (line: string) => `Removed ${line}`,
  retitled: (from: string, to: string) => `Title: ${from} → ${to}`,
  textChanged: "Text changed",
  /** What an unknown action's target is called, by the kind of thing it is. */
  targets: {
    product: (name: string) => `the product ${name}`,
    order: (id: string) => `order ${id}`,
    support_ticket: (id: string) => `ticket ${id}`,
    ticket: (id: string) => `ticket ${id}`,
    bulk_order: (id: string) => `bulk order ${id}`,
    saved_reply: () => "a saved reply",
    feedback: () => "a feedback message",
    "staff-member": () => "a sign-in name",
  } as Record<string, (id: string) => string>,
} as const;

const T = ACTIVITY_TEXT;
/** A free-text note is cut to keep a detail a line. */
const MAX_NOTE = 80;

const textOf = (value: unknown) =>
  typeof value === "string" && value.trim() !== "" ? value.trim() : undefined;
const numberOf = (value: unknown) =>
  typeof value === "number" && Number.isFinite(value) ? value : undefined;
const rupees = (value: unknown) => {
  const paise = numberOf(value);
  return paise === undefined ? undefined : formatRupees(paise);
};
const positiveRupees = (value: unknown) => ((numberOf(value) ?? 0) > 0 ? rupees(value) : undefined);
const short = (note: string) =>
  note.length > MAX_NOTE ? `${note.slice(0, MAX_NOTE - 1).trimEnd()}…` : note;
const labelOf = <K extends string>(labels: Record<K, string>, value: unknown) =>
  typeof value === "string" && value in labels ? labels[value as K] : undefined;

/** "27 Nov", in India, for a calendar date or an instant; nothing for what is neither. */
function dayOf(value: unknown): string | undefined {
  const date = textOf(value);
  if (!date || Number.isNaN(Date.parse(date.length === 10 ? `${date}T00:00:00Z` : date))) {
    return undefined;
  }
  return formatHarvestDay(date);
}

/** The facts of one entry, both sides always objects. */
type Facts = {
  who: string;
  entry: AuditEntryView;
  before: Record<string, unknown>;
  after: Record<string, unknown>;
};

const fact = (facts: Facts, key: string) => facts.after[key] ?? facts.before[key];
const productName = (facts: Facts) => textOf(fact(facts, "name")) ?? facts.entry.targetId;
const unitOf = (facts: Facts) => textOf(fact(facts, "unit"));

/** "750 g", "2 bunch": only with the unit, as a bare number of grams would mislead. */
function quantityText(facts: Facts, value: unknown): string | undefined {
  const unit = unitOf(facts);
  const count = numberOf(value);
  return unit && count !== undefined ? formatQuantity(count, unit) : undefined;
}

function amountOf(facts: Facts, quantity: unknown): string {
  const text = quantityText(facts, quantity);
  const name = productName(facts);
  return text ? T.quantityOf(text, unitOf(facts)!, name) : T.stockOf(name);
}

function noteLines(...notes: unknown[]): string[] {
  return notes.map(textOf).flatMap((note) => (note ? [T.note(short(note))] : []));
}

const said = (sentence: string, ...details: (string | undefined | false)[]) => ({
  sentence,
  details: capDetails(details.filter((line): line is string => typeof line === "string")),
});

function stockCount(facts: Facts): ActivitySentence {
  const name = productName(facts);
  const from = quantityText(facts, facts.before.stock);
  const to = quantityText(facts, facts.after.stock);
  const sentence =
    from === undefined || to === undefined
      ? T.counted(facts.who, name)
      : from === to
        ? T.countConfirmed(facts.who, name, to)
        : T.countCorrected(facts.who, name, from, to);
  return said(sentence, ...noteLines(facts.after.note));
}

function lotChecked(facts: Facts): ActivitySentence {
  const source = facts.after.source === "unrecorded" ? "unrecorded" : "receipt";
  const supplier = textOf(facts.after.supplier) ?? null;
  const harvestedOn = textOf(facts.after.harvestedOn) ?? null;
  const lot =
    supplier || harvestedOn || source === "unrecorded"
      ? lotLabel({ source, supplier, harvestedOn })
      : undefined;
  return said(
    T.lotChecked(facts.who, productName(facts), dayOf(facts.before.bestBefore)),
    lot && T.lot(lot),
    ...noteLines(facts.after.note),
  );
}

function packed(facts: Facts): ActivitySentence {
  const picks = Array.isArray(facts.after.shortPicked) ? facts.after.shortPicked : [];
  const lines = picks.filter(isRecord).flatMap((pick) => {
    const name = textOf(pick.name);
    const unit = textOf(pick.unit);
    const ordered = numberOf(pick.ordered);
    const got = numberOf(pick.packed) ?? numberOf(pick.supplied);
    if (!name || !unit || ordered === undefined || got === undefined || got === ordered) return [];
    return [T.picked(name, formatQuantity(got, unit), formatQuantity(ordered, unit))];
  });
  const from = rupees(facts.before.totalPaise);
  const to = rupees(facts.after.totalPaise);
  return said(
    T.packed(facts.who, facts.entry.targetId),
    ...lines,
    from && to && from !== to && T.total(from, to),
  );
}

function refunded(facts: Facts): ActivitySentence {
  const { after } = facts;
  const lines = (Array.isArray(after.lines) ? after.lines : []).filter(isRecord).flatMap((line) => {
    const name = textOf(line.name);
    if (!name) return [];
    const unit = textOf(line.unit);
    const quantity = numberOf(line.quantity);
    return [
      T.refundLine(
        name,
        unit && quantity ? formatQuantity(quantity, unit) : undefined,
        rupees(line.paise),
      ),
    ];
  });
  const goods = labelOf(RETURNED_GOODS_LABELS, after.goods);
  const paidBy = labelOf(CASH_PAID_BACK_LABELS, after.paidBackBy);
  const number = textOf(after.creditNote);
  const late = textOf(after.note);
  const fee = positiveRupees(after.deliveryFeePaise);
  return said(
    T.refunded(
      facts.who,
      rupees(after.totalPaise),
      facts.entry.targetId,
      labelOf(DELIVERED_REFUND_REASON_LABELS, after.reason),
    ),
    ...lines,
    fee && T.deliveryFee(fee),
    goods && T.goods(goods),
    paidBy && T.paidBackBy(paidBy),
    number && T.creditNote(number),
    late && T.lateNote(short(late)),
  );
}

function quoted(facts: Facts): ActivitySentence {
  const { before, after } = facts;
  const lines = Array.isArray(after.lines) ? after.lines.map(textOf).filter(Boolean) : [];
  const earlier = rupees(before.quotePaise);
  const discount = numberOf(after.discountPercent);
  const delivery = positiveRupees(after.deliveryChargePaise);
  return said(
    T.quoted(facts.who, rupees(after.quotePaise), facts.entry.targetId),
    earlier && T.previousQuote(earlier),
    ...(lines as string[]),
    discount ? T.discount(discount) : undefined,
    delivery && T.deliveryCharge(delivery),
    after.codApproved === true && T.cashOnDelivery,
  );
}

/** "Tomatoes × 50 kg" lines (as the quote prints them) compared by product name. */
function lineChanges(before: unknown, after: unknown): string[] {
  const split = (lines: unknown) =>
    new Map(
      (Array.isArray(lines) ? lines : []).flatMap((line) => {
        const text = textOf(line);
        const at = text?.lastIndexOf(" × ") ?? -1;
        return text && at > 0 ? [[text.slice(0, at), text.slice(at + 3)] as const] : [];
      }),
    );
  const was = split(before);
  const now = split(after);
  const changes: string[] = [];
  for (const [name, quantity] of now) {
    const old = was.get(name);
    if (old === undefined) changes.push(T.lineAdded(`${name} × ${quantity}`));
    else if (old !== quantity) changes.push(T.lineChanged(name, old, quantity));
  }
  for (const [name, quantity] of was) {
    if (!now.has(name)) changes.push(T.lineRemoved(`${name} × ${quantity}`));
  }
  return changes;
}

function bulkChanged(facts: Facts): ActivitySentence {
  const { before, after } = facts;
  const from = rupees(before.quotePaise);
  const to = rupees(after.quotePaise);
  const fee = positiveRupees(after.feeAddedPaise);
  const refund = positiveRupees(after.refundPaise);
  const due = positiveRupees(after.dueNowPaise);
  return said(
    T.bulkChanged(facts.who, facts.entry.targetId),
    from && to && T.total(from, to),
    ...lineChanges(before.lines, after.lines),
    fee && T.feeAdded(fee),
    refund && T.refundOwed(refund),
    due && T.dueNow(due),
  );
}

function bulkCancelled(facts: Facts): ActivitySentence {
  const { after } = facts;
  const reason = textOf(after.reason);
  const fee = positiveRupees(after.feePaise);
  const refund = positiveRupees(after.refundPaise);
  return said(
    T.bulkCancelled(facts.who, facts.entry.targetId),
    reason && T.reason(short(reason)),
    fee && T.feeKept(fee),
    refund && T.refundOwed(refund),
  );
}

function bulkDelivered(facts: Facts): ActivitySentence {
  const balance = rupees(facts.after.balancePaise);
  const early = textOf(facts.after.earlyReason);
  return said(
    T.bulkDelivered(facts.who, facts.entry.targetId),
    balance && T.balance(balance, facts.after.balanceMethod === "online"),
    early && T.early(short(early)),
  );
}

function unknownAction(facts: Facts): ActivitySentence {
  const { entry } = facts;
  const target = T.targets[entry.targetType];
  const what = target
    ? target(entry.targetType === "product" ? productName(facts) : entry.targetId)
    : `${entry.targetType.replace(/[_-]+/g, " ")} ${entry.targetId}`;
  const details = entry.targetType === "product" ? productChanges(facts.before, facts.after) : [];
  return said(T.changed(facts.who, what), ...details);
}

/** One builder per action the server writes (grep `action:` under src/server/modules). */
const SENTENCES: Record<string, (facts: Facts) => ActivitySentence> = {
  "product.create": (f) => {
    const price = rupees(f.after.pricePaise);
    return said(T.created(f.who, productName(f), price && T.perUnit(price, unitOf(f))));
  },
  "product.update": (f) =>
    said(T.edited(f.who, productName(f)), ...productChanges(f.before, f.after)),
  "product.archive": (f) => said(T.archived(f.who, productName(f))),
  "product.restore": (f) => said(T.restored(f.who, productName(f))),
  "product.photo": (f) =>
    said((f.before.photo ? T.photoReplaced : T.photoAdded)(f.who, productName(f))),
  "product.photo_remove": (f) => said(T.photoRemoved(f.who, productName(f))),
  "product.import": (f) =>
    said(T.imported(f.who, productName(f)), ...productChanges(f.before, f.after)),
  "stock.receive": (f) => {
    const cost = rupees(f.after.unitCostPaise);
    const bestBefore = dayOf(f.after.bestBefore);
    return said(
      T.received(
        f.who,
        amountOf(f, f.after.quantity),
        textOf(f.after.supplier),
        dayOf(f.after.harvestedOn),
      ),
      bestBefore && T.bestBefore(bestBefore),
      cost && T.unitCost(T.perUnit(cost, unitOf(f))),
      ...noteLines(f.after.note),
    );
  },
  "stock.write_off": (f) =>
    said(
      T.wroteOff(
        f.who,
        amountOf(f, f.after.quantity),
        labelOf(WRITE_OFF_REASON_LABELS, f.after.reason),
      ),
      ...noteLines(f.after.note),
    ),
  "stock.count": stockCount,
  "stock.lot_check": lotChecked,

  "order.confirmed": (f) => said(T.confirmed(f.who, f.entry.targetId)),
  "order.packed": packed,
  "order.out_for_delivery": (f) => {
    const invoice = textOf(f.after.invoiceNumber);
    return said(T.outForDelivery(f.who, f.entry.targetId), invoice && T.invoice(invoice));
  },
  "order.delivered": (f) => said(T.delivered(f.who, f.entry.targetId)),
  "order.cancel": (f) => {
    const refund = positiveRupees(f.after.refundPaise);
    const note = textOf(f.after.creditNote);
    return said(
      T.cancelled(f.who, f.entry.targetId, labelOf(CANCEL_REASON_LABELS, f.after.reason)),
      refund && T.refundOwed(refund),
      note && T.creditNote(note),
    );
  },
  "order.refund": refunded,
  "refund_request.decline": (f) => {
    const reason = textOf(f.after.note);
    return said(T.requestDeclined(f.who, f.entry.targetId), reason && T.reason(short(reason)));
  },
  "refund_request.create": (f) =>
    said(
      T.requestMade(f.who, textOf(f.after.orderNumber), f.entry.targetId),
      ...noteLines(f.after.note),
    ),

  "ticket.reply": (f) => said(T.replied(f.who, f.entry.targetId)),
  "ticket.note": (f) => said(T.noted(f.who, f.entry.targetId)),
  "ticket.resolve": (f) => said(T.resolved(f.who, f.entry.targetId)),
  "ticket.reopen": (f) => said(T.reopened(f.who, f.entry.targetId)),
  "feedback.read": (f) => said(T.feedbackRead(f.who)),
  "feedback.follow_up": (f) => said(T.feedbackAnswered(f.who, textOf(f.after.ticket))),
  "rating.follow_up": (f) =>
    said(T.ratingAnswered(f.who, f.entry.targetId, textOf(f.after.ticket))),
  "saved_reply.create": (f) => said(T.savedReplyAdded(f.who, textOf(f.after.title))),
  "saved_reply.update": (f) => {
    const from = textOf(f.before.title);
    const to = textOf(f.after.title);
    return said(
      T.savedReplyEdited(f.who, to ?? from),
      from && to && from !== to && T.retitled(from, to),
      f.after.bodyChanged === true && T.textChanged,
    );
  },
  "saved_reply.delete": (f) => said(T.savedReplyDeleted(f.who, textOf(f.before.title))),

  "bulk.quote": quoted,
  "bulk.confirm": (f) => said(T.bulkConfirmed(f.who, f.entry.targetId)),
  "bulk.deliver": bulkDelivered,
  "bulk.cancel": bulkCancelled,
  "bulk.change": bulkChanged,
  "bulk.to_board": (f) => {
    const reason = textOf(f.after.reason);
    return said(
      T.bulkToBoard(f.who, f.entry.targetId, textOf(f.after.orderNumber)),
      reason && T.reason(short(reason)),
    );
  },

  "staff.rename": (f) =>
    said(T.renamed(f.who, textOf(f.before.username), textOf(f.after.username))),
};

/** The entry as one sentence and up to a few detail lines. */
export function activitySentence(entry: AuditEntryView): ActivitySentence {
  const facts: Facts = {
    who: entry.staffName,
    entry,
    before: isRecord(entry.before) ? entry.before : {},
    after: isRecord(entry.after) ? entry.after : {},
  };
  return (SENTENCES[entry.action] ?? unknownAction)(facts);
}
