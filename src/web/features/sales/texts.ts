// Every word the sales manager's screens say, in one place, so they read alike and change once.

import { formatRupees } from "../../../shared/money.ts";
import { formatQuantity, isWeighed } from "../../../shared/rules/measure.ts";
import type { ForwardMove } from "../../../shared/rules/order-fulfilment.ts";
import { ORDER_STATUS_LABELS, type OrderStatus } from "../../../shared/rules/order-status.ts";
import { REFUND_STATE_LABELS } from "../../../shared/rules/refund-state.ts";

const statusWord = (status: OrderStatus) => ORDER_STATUS_LABELS[status].toLowerCase();

export const SALES_TEXT = {
  board: {
    heading: "Orders",
    intro:
      "New orders appear by themselves. Ages count from placing against the 30-60 minute promise; days are India days.",
    caption: "Orders with their customer, total, payment, state and age against the promise",
    loading: "Loading orders",
    count: (shown: number, page: number) =>
      `${shown} ${shown === 1 ? "order" : "orders"} on page ${page}`,
    updating: " · updating…",
    stale: "The board could not be refreshed: these orders may be out of date. It keeps trying.",
    emptyTitle: "No orders match.",
    emptyFiltered: "Try another status, day or search, or clear the filters.",
    emptyOpen: "Every order is delivered or cancelled. New ones will appear here by themselves.",
    newOrders: (numbers: string[]) =>
      numbers.length === 1 ? `New order ${numbers[0]}` : `New orders ${numbers.join(", ")}`,
    newBadge: "New",
    previous: "Previous",
    next: "Next",
    pager: "Pages of orders",
    pickList: "Pick list",
  },
  columns: {
    order: "Order",
    customer: "Customer",
    pincode: "PIN",
    items: "Items",
    total: "Total",
    payment: "Payment",
    status: "Status",
    age: "Age",
    actions: "Next step",
  },
  filters: {
    label: "Filter orders",
    search: "Search order number, phone or email",
    searchPlaceholder: "FHH-123456, phone or email",
    status: "Status",
    allStatuses: "All orders",
    open: "Open orders",
    method: "Payment method",
    allMethods: "All methods",
    paymentStatus: "Payment status",
    allPaymentStatuses: "Any status",
    kind: "Kind",
    allKinds: "Shop and event orders",
    from: "From",
    to: "To",
    lateOnly: "Late only",
    clear: "Clear filters",
    daysReversed: "The first day must not be after the last day",
  },
  promise: {
    age: "Age",
    took: (age: string) => `took ${age}`,
  },
  items: (count: number) => `${count} ${count === 1 ? "item" : "items"}`,
  close: "Close",
  move: {
    moving: "Saving…",
    done: (orderNumber: string, to: ForwardMove) => `${orderNumber} is now ${statusWord(to)}.`,
    forOrder: (orderNumber: string) => ` ${orderNumber}`,
    held: (orderNumber: string, to: ForwardMove, seconds: number) =>
      `${orderNumber} will be ${statusWord(to)} in ${seconds} seconds: ${to === "out_for_delivery" ? "its GST invoice is numbered then" : "cash is recorded as paid then"}.`,
    undo: "Undo",
    undoFor: (orderNumber: string, to: ForwardMove) => ` ${statusWord(to)} ${orderNumber}`,
    undone: (orderNumber: string) => `${orderNumber} stays as it was.`,
  },
  /** Moves made while the network is down, sent when it is back. */
  offline: {
    note: "Offline: will send when you're back online",
    waiting: (count: number) =>
      `${count} ${count === 1 ? "move" : "moves"} waiting for the network`,
    sent: (orderNumber: string, to: ForwardMove) =>
      `Back online: ${orderNumber} is now ${statusWord(to)}.`,
    refused: (orderNumber: string, message: string) =>
      `Back online: ${orderNumber} was not moved. ${message}`,
  },
  /** Several orders selected on the board, and what is done to them together. */
  bulk: {
    label: "Selected orders",
    select: (orderNumber: string) => `Select ${orderNumber}`,
    selectAll: "Select all shown",
    selected: (count: number) => `${count} selected`,
    clear: "Clear selection",
    confirm: "Confirm",
    confirming: "Confirming…",
    confirmFor: (count: number) => ` ${count} ${count === 1 ? "order" : "orders"}`,
    printSlips: "Print packing slips",
    confirmed: (count: number) =>
      count === 0
        ? "No order was confirmed."
        : `${count} ${count === 1 ? "order" : "orders"} confirmed.`,
    notPlaced: (orderNumbers: string[]) =>
      `Left as they are, not at Placed: ${orderNumbers.join(", ")}.`,
    refused: (orderNumber: string, message: string) => `${orderNumber}: ${message}`,
    dismiss: "Dismiss",
    slipsTitle: (count: number) => `Packing slips (${count})`,
    slipsDescription: "Each selected order's slip, one to a page.",
    slipsNone: "No orders to print. Select orders on the board and press Print packing slips.",
    slipsMore: (max: number) =>
      `Only the first ${max} slips are shown: print the rest in another round.`,
  },
  detail: {
    loading: "Loading the order",
    title: (orderNumber: string) => `Order ${orderNumber}`,
    placed: (at: string) => `Placed ${at}`,
    items: "Items",
    /** "× 750 g", "× 2 bunch": what the line supplies and charges. */
    times: (quantity: number, unit: string) => `× ${formatQuantity(quantity, unit)}`,
    /** A weighed line charged for less than the scale read (the tolerance, or paid before). */
    chargedFor: (quantity: number, unit: string) => `charged for ${formatQuantity(quantity, unit)}`,
    short: "Short",
    /** A weighed line packed otherwise than ordered, within what needs no reason. */
    weighed: "Weighed",
    subtotal: "Subtotal",
    gst: "GST",
    deliveryFee: "Delivery fee",
    free: "Free",
    total: "Total",
    customer: "Customer",
    name: "Name",
    language: "Language",
    phone: "Phone",
    email: "Email",
    address: "Address",
    pincode: "PIN code",
    notes: "Notes",
    noNotes: "None",
    payment: "Payment",
    method: "Method",
    status: "Status",
    reference: "Reference",
    instrument: "Paid with",
    none: "—",
    documents: "GST documents",
    invoice: "Invoice",
    invoicePending: "Issued when the order leaves the store.",
    download: "Download",
    downloadPdf: "Download PDF",
    invoiceFor: (number: string) => ` invoice ${number}`,
    creditNotes: "Credit notes",
    creditNoteFor: (number: string) => ` credit note ${number}`,
    refunds: "Refunds",
    refundState: REFUND_STATE_LABELS,
    timeline: "Timeline",
    byCustomer: "Customer",
    timelineKinds: {
      short_pick: "Packed short",
      refund: "Refund",
      credit_note: "Credit note",
    },
    cancelled: "Cancelled",
    packingSlip: "Packing slip",
    cancel: "Cancel order",
  },
  pack: {
    title: (orderNumber: string) => `Pack ${orderNumber}`,
    intro:
      "Set the units packed for each line. Leave a line at what was ordered when it is packed in full.",
    /** Said when the order has lines sold by weight, after the intro. */
    weighedIntro: (tolerancePercent: number) =>
      `For what is sold by weight, type the scale's reading in kg: within ${tolerancePercent}% either way of what was ordered needs no reason.`,
    legend: "What was packed, line by line",
    ordered: (quantity: number, unit: string) => `Ordered ${formatQuantity(quantity, unit)}`,
    /** Read after the product's name by a screen reader: "Spinach: units packed (bunch)". */
    unitsPacked: (unit: string) => `: units packed (${unit})`,
    /** The same for a weighed line: "Tomatoes: weight packed (kg)". */
    weightPacked: (unit: string) => `: weight packed (${unit})`,
    /** Under a weighed line: what the shopper pays for the reading typed. */
    charged: (quantity: number, unit: string, paise: number) =>
      `Charged for ${formatQuantity(quantity, unit)}: ${formatRupees(paise)}`,
    /** Why a weighed line is charged for less than was packed. */
    extraOnUs: "paid before packing, so the extra weight is on us",
    capped: (tolerancePercent: number) =>
      `never more than ${tolerancePercent}% over what was ordered`,
    changedLines: (short: number, weighed: number) =>
      [
        short > 0 ? `${short} ${short === 1 ? "line is" : "lines are"} packed short.` : "",
        weighed > 0
          ? `${weighed} weighed ${weighed === 1 ? "line differs" : "lines differ"} from what was ordered.`
          : "",
        "The order's total and GST are worked out again for what is packed, the delivery fee never rises, and an online payment gets the difference back.",
      ]
        .filter(Boolean)
        .join(" "),
    newTotal: (totalPaise: number, wasPaise: number, paidOnline: boolean) =>
      totalPaise === wasPaise
        ? `The total stays ${formatRupees(totalPaise)}.`
        : `New total ${formatRupees(totalPaise)} (was ${formatRupees(wasPaise)})${
            paidOnline && totalPaise < wasPaise
              ? `: ${formatRupees(wasPaise - totalPaise)} goes back to the shopper.`
              : "."
          }`,
    /** Asked of each line packed short; the product's name follows for a screen reader. */
    whyFewer: "Why fewer?",
    whyFewerFor: (name: string) => ` (${name})`,
    chooseReason: "Choose a reason",
    whole: "Enter a whole number of units.",
    range: (ordered: number) => `Enter from 0 to ${ordered}.`,
    tooHeavy: "Please check the weight packed: it is far too large.",
    submit: "Mark packed",
    back: "Back to the order",
    notNow: (status: OrderStatus) =>
      `This order is ${statusWord(status)}, so it cannot be packed now.`,
  },
  cancel: {
    title: (orderNumber: string) => `Cancel ${orderNumber}`,
    consequences: (paidOnline: boolean, totalPaise: number) =>
      paidOnline
        ? `Cancelling puts the order's stock back on the shelf and refunds the online payment of ${formatRupees(totalPaise)} in full.`
        : "Cancelling puts the order's stock back on the shelf. Nothing was paid online, so there is nothing to refund.",
    reason: "Reason",
    chooseReason: "Choose a reason",
    note: "Note",
    noteHint: "Required when the reason is Other.",
    submit: "Cancel order",
    keep: "Keep the order",
    cancelling: "Cancelling…",
    done: (orderNumber: string) => `${orderNumber} is cancelled.`,
  },
  refund: {
    title: (orderNumber: string) => `Refund ${orderNumber}`,
    open: "Refund",
    intro:
      "Give back units of a line (they come back to the shop) or an amount (nothing comes back). Each refund issues a GST credit note and emails it to the shopper.",
    linesLegend: "What to refund",
    delivered: (quantity: number, unit: string) => `Delivered ${formatQuantity(quantity, unit)}`,
    left: (quantity: number, unit: string, paise: number) =>
      `Left to refund: ${
        isWeighed(unit)
          ? formatQuantity(quantity, unit)
          : `${quantity} ${quantity === 1 ? "unit" : "units"}`
      }, ${formatRupees(paise)}`,
    nothingLeft: "Refunded in full",
    units: (name: string, unit: string) =>
      isWeighed(unit) ? `Weight back in kg: ${name}` : `Units back: ${name}`,
    /** A refunded line's quantity in the list of refunds made. */
    quantity: (quantity: number, unit: string) => formatQuantity(quantity, unit),
    amount: (name: string) => `Or an amount in ₹: ${name}`,
    everything: "Refund everything left",
    deliveryFee: (paise: number) => `Give back the delivery fee (${formatRupees(paise)})`,
    reason: "Reason",
    chooseReason: "Choose a reason",
    goods: "Units given back",
    paidBackBy: "Paid back by",
    choosePaidBackBy: "Choose how the cash went back",
    note: "Note",
    noteHint:
      "Optional within the shop's window. For the team: the shopper's credit note gives the reason alone.",
    lateHint: (hours: number) =>
      `Delivered more than ${hours} hours ago: say why it is refunded now. For the team: the shopper's credit note gives the reason alone.`,
    online: (instrument: string) =>
      `The money goes back to the shopper's ${instrument} through the payment provider.`,
    total: (paise: number) => `Refund ${formatRupees(paise)}`,
    nothingChosen: "Choose units or an amount on a line, or the delivery fee.",
    submitting: "Refunding…",
    back: "Back to the order",
    done: (orderNumber: string, paise: number) =>
      `${orderNumber}: ${formatRupees(paise)} refunded.`,
    section: "Refunds after delivery",
    paidBack: (how: string) => `Paid back by ${how}`,
    throughProvider: "Back to the shopper's payment",
    by: (name: string | null, at: string) => (name ? `${name}, ${at}` : at),
    amountInvalid: "Enter an amount in rupees, such as 45.50",
    answers: "Answers the request",
    noRequest: "No request",
    requestOption: (reference: string, note: string) => `${reference}: ${note}`,
  },
  requests: {
    heading: "Refund requests",
    intro:
      "Customer Relations asks for these from customers' tickets. Refunding one tells the ticket.",
    loading: "Loading refund requests",
    empty: "No refund requests waiting.",
    asked: (by: string, at: string) => `Asked by ${by}, ${at}`,
    open: (orderNumber: string) => `Refund ${orderNumber}`,
    decline: (orderNumber: string) => `Decline ${orderNumber}`,
    declineNote: (orderNumber: string) => `Why is ${orderNumber} not refunded?`,
    declineHint: "The ticket shows it, for the desk to tell the customer.",
    declineSubmit: "Decline request",
    declining: "Declining…",
    declined: (orderNumber: string) => `The request for ${orderNumber} is declined.`,
    keep: "Keep the request",
  },
  print: {
    print: "Print",
    back: "Back to orders",
    pickListTitle: "Pick list",
    pickListDescription:
      "Placed and confirmed orders' lines, grouped by product, for one round of the shelves.",
    pickListLoading: "Loading the pick list",
    /** The states the list gathers, as a person reads them: "placed or confirmed". */
    pickListEmpty: (states: string) => `No ${states} orders to pick.`,
    pickListEmptyHint: "Orders appear here from when they are placed until they are packed.",
    pickListInclude: "Orders to include",
    pickListIncludeHint: "At least one kind stays ticked.",
    /** On paper too, which orders the sheet gathers: "Placed and confirmed orders". */
    pickListIncludes: (states: string) => `${states} orders`,
    statesAnd: (labels: string[]) => labels.join(" and "),
    statesOr: (labels: string[]) => labels.join(" or "),
    pickListSummary: (orders: number, products: number, at: string) =>
      `${orders} ${orders === 1 ? "order" : "orders"}, ${products} ${products === 1 ? "product" : "products"} · ${at}`,
    product: "Product",
    totalUnits: "Quantity",
    /** "FHH-000321 × 750 g": one order's share of a product on the pick list. */
    orderShare: (orderNumber: string, quantity: number, unit: string, state: string) =>
      `${orderNumber} × ${formatQuantity(quantity, unit)} (${state})`,
    total: (quantity: number, unit: string) => formatQuantity(quantity, unit),
    orders: "Orders",
    picked: "Picked",
    shelf: (location: string) => `Shelf: ${location}`,
    takeFrom: (label: string, quantity: number, unit: string) =>
      `Take from: ${label} — ${formatQuantity(quantity, unit)}`,
    slipTitle: (orderNumber: string) => `Packing slip ${orderNumber}`,
    slipDescription: "One order's lines to pack, with where it goes.",
    slipLoading: "Loading the packing slip",
    deliverTo: "Deliver to",
    quantity: "Quantity",
    packedTick: "Packed",
    collect: (totalPaise: number) => `Collect ${formatRupees(totalPaise)} in cash on delivery`,
    prepaid: "Paid online: nothing to collect",
    notes: "Customer's notes",
    noNotes: "None",
    placed: (at: string) => `Placed ${at}`,
    cancelled: "This order is cancelled: do not pack it.",
    slipNotFound: "No order has that number.",
    gstin: "GSTIN",
    phone: "Phone",
    pincode: "PIN",
  },
} as const;
