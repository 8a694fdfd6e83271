// Every word the sales manager's screens say, in one place, so they read alike and change once.

import { formatRupees } from "../../../shared/money.ts";
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
  },
  detail: {
    loading: "Loading the order",
    title: (orderNumber: string) => `Order ${orderNumber}`,
    placed: (at: string) => `Placed ${at}`,
    items: "Items",
    orderedPacked: (ordered: number, packed: number) => `ordered ${ordered}, packed ${packed}`,
    short: "Short",
    subtotal: "Subtotal",
    gst: "GST",
    deliveryFee: "Delivery fee",
    free: "Free",
    total: "Total",
    customer: "Customer",
    name: "Name",
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
    legend: "Units packed per line",
    ordered: (quantity: number, unit: string) => `Ordered ${quantity} ${unit}`,
    /** Read after the product's name by a screen reader: "Tomatoes: units packed (kg)". */
    unitsPacked: (unit: string) => `: units packed (${unit})`,
    shortLines: (count: number) =>
      `${count} ${count === 1 ? "line is" : "lines are"} packed short. The order's total and GST are worked out again for what is packed, the delivery fee never rises, and an online payment gets the difference back.`,
    newTotal: (totalPaise: number, wasPaise: number, paidOnline: boolean) =>
      `New total ${formatRupees(totalPaise)} (was ${formatRupees(wasPaise)})${
        paidOnline ? `: ${formatRupees(wasPaise - totalPaise)} goes back to the shopper.` : "."
      }`,
    whole: "Enter a whole number of units.",
    range: (ordered: number) => `Enter from 0 to ${ordered}.`,
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
  print: {
    print: "Print",
    back: "Back to orders",
    pickListTitle: "Pick list",
    pickListDescription:
      "Confirmed orders' lines, grouped by product, for one round of the shelves.",
    pickListLoading: "Loading the pick list",
    pickListEmpty: "No confirmed orders to pick.",
    pickListEmptyHint: "Orders appear here once they are confirmed, until they are packed.",
    pickListSummary: (orders: number, products: number, at: string) =>
      `${orders} ${orders === 1 ? "order" : "orders"}, ${products} ${products === 1 ? "product" : "products"} · ${at}`,
    product: "Product",
    totalUnits: "Units",
    orders: "Orders",
    picked: "Picked",
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
    phone: "Phone",
    pincode: "PIN",
  },
} as const;
