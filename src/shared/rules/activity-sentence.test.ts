import { describe, expect, it } from "vitest";
import type { AuditEntryView } from "../contracts/audit.ts";
import {
  ACTIVITY_KINDS,
  type ActivityKind,
  activityKindOf,
  activitySentence,
  isOfKind,
} from "./activity-sentence.ts";
import { STAFF_ROLES, STAFF_TEAM, type StaffRole } from "./staff.ts";

const ROLE_OF: Record<string, StaffRole> = {
  product: "inventory",
  stock: "inventory",
  order: "sales",
  refund_request: "sales",
};

/** An entry as the server writes it; the role follows the action, as a dashboard's do. */
function entry(
  action: string,
  target: [type: string, id: string],
  before: unknown,
  after: unknown,
  role: StaffRole = ROLE_OF[action.split(".")[0]!] ?? "customer-relations",
): AuditEntryView {
  return {
    id: "41",
    at: "2026-11-27T05:30:00.000Z",
    staffName: STAFF_TEAM[role].name,
    role,
    action,
    targetType: target[0],
    targetId: target[1],
    before,
    after,
    requestId: "req-7f3a",
  };
}

const TOMATOES = {
  name: "Tomatoes",
  description: "Desi tomatoes from Khordha.",
  category: "vegetables",
  unit: "kg",
  pricePaise: 8000,
  gstRateBps: 500,
  hsnCode: "0702",
  organic: false,
  local: true,
  inSeason: true,
  featured: false,
  lowStockThreshold: 5000,
  step: 250,
  minimum: 500,
  stock: 12_000,
  version: 3,
  archivedAt: null,
  photo: "0123456789abcdef0123456789abcdef",
};
const PRODUCT = ["product", "tomatoes"] as [string, string];
const ORDER = ["order", "FHH-004821"] as [string, string];
const TICKET = ["support_ticket", "SUP-000317"] as [string, string];
const BULK = ["bulk_order", "BOR-482913-5521"] as [string, string];

/** One realistic entry per action the server writes, with the line a person reads. */
const CASES: [AuditEntryView, string, string[]][] = [
  [
    entry("product.create", PRODUCT, null, { ...TOMATOES, stock: 0, version: 1, photo: null }),
    "Sasmita Das added Tomatoes to the catalogue at ₹80.00 per kg",
    [],
  ],
  [
    entry("product.update", PRODUCT, TOMATOES, {
      ...TOMATOES,
      pricePaise: 9500,
      gstRateBps: 1200,
      version: 4,
    }),
    "Sasmita Das edited Tomatoes",
    ["Price: ₹80.00 → ₹95.00", "GST: 5% → 12%"],
  ],
  // A bulk change of category or of prices by a percentage writes a single edit's entry per product.
  [
    entry("product.update", PRODUCT, TOMATOES, { ...TOMATOES, category: "herbs", version: 4 }),
    "Sasmita Das edited Tomatoes",
    ["Category: Vegetables → Herbs"],
  ],
  [
    entry("product.update", PRODUCT, TOMATOES, { ...TOMATOES, pricePaise: 8800, version: 4 }),
    "Sasmita Das edited Tomatoes",
    ["Price: ₹80.00 → ₹88.00"],
  ],
  [
    entry(
      "product.update",
      PRODUCT,
      { ...TOMATOES, shelfLocation: null },
      { ...TOMATOES, shelfLocation: "Cold room, shelf B2", version: 4 },
    ),
    "Sasmita Das edited Tomatoes",
    ["Shelf location: none → Cold room, shelf B2"],
  ],
  [
    entry(
      "product.archive",
      PRODUCT,
      { archivedAt: null, version: 3 },
      { name: "Tomatoes", archivedAt: "2026-11-27T05:30:00.000Z", version: 4 },
    ),
    "Sasmita Das archived Tomatoes",
    [],
  ],
  [
    entry(
      "product.restore",
      PRODUCT,
      { archivedAt: "2026-11-20T05:30:00.000Z", version: 4 },
      { name: "Tomatoes", archivedAt: null, version: 5 },
    ),
    "Sasmita Das restored Tomatoes to the shop",
    [],
  ],
  [
    entry(
      "product.photo",
      PRODUCT,
      { photo: null },
      { name: "Tomatoes", photo: "0123456789abcdef0123456789abcdef" },
    ),
    "Sasmita Das added a photo of Tomatoes",
    [],
  ],
  [
    entry(
      "product.photo_remove",
      PRODUCT,
      { photo: "0123456789abcdef0123456789abcdef" },
      { name: "Tomatoes", photo: null },
    ),
    "Sasmita Das removed the photo of Tomatoes",
    [],
  ],
  [
    entry(
      "product.import",
      PRODUCT,
      { pricePaise: 4000, stock: 10_000, version: 2 },
      { name: "Tomatoes", unit: "kg", pricePaise: 4550, stock: 8_000, version: 3 },
    ),
    "Sasmita Das updated Tomatoes from a catalogue file",
    ["Price: ₹40.00 → ₹45.50", "Stock: 10 kg → 8 kg"],
  ],
  [
    entry(
      "stock.receive",
      PRODUCT,
      { stock: 2_000 },
      {
        name: "Tomatoes",
        unit: "kg",
        stock: 52_000,
        movementId: 913,
        kind: "receipt",
        quantity: 50_000,
        supplier: "Khordha Organic Farm",
        harvestedOn: "2026-11-27",
        bestBefore: "2026-12-02",
        unitCostPaise: 2500,
      },
    ),
    "Sasmita Das received 50 kg of Tomatoes from Khordha Organic Farm, harvested 27 Nov",
    ["Best before 2 Dec", "Cost ₹25.00 per kg"],
  ],
  [
    entry(
      "stock.write_off",
      PRODUCT,
      { stock: 52_000 },
      {
        name: "Tomatoes",
        unit: "kg",
        stock: 50_500,
        movementId: 914,
        kind: "write_off",
        quantity: 1_500,
        reason: "spoiled",
        note: "Crushed in the crate",
      },
    ),
    "Sasmita Das wrote off 1.5 kg of Tomatoes (spoiled)",
    ["Note: Crushed in the crate"],
  ],
  [
    entry(
      "stock.count",
      ["product", "coconuts"],
      { stock: 14 },
      {
        name: "Tender Coconuts",
        unit: "each",
        stock: 12,
        movementId: 915,
        kind: "count",
        counted: 12,
      },
    ),
    "Sasmita Das corrected the stock of Tender Coconuts from 14 to 12",
    [],
  ],
  [
    entry(
      "stock.lot_check",
      ["product", "spinach"],
      { lotId: 7, bestBefore: "2026-11-22", checked: false },
      {
        lotId: 7,
        checked: true,
        name: "Spinach",
        source: "receipt",
        supplier: "Khordha Organic Farm",
        harvestedOn: "2026-11-18",
        note: "Still crisp",
      },
    ),
    "Sasmita Das checked Spinach past its best-before date (22 Nov) and put it back on sale",
    ["Lot: Khordha Organic Farm, harvested 18 Nov", "Note: Still crisp"],
  ],
  [
    entry(
      "order.confirmed",
      ORDER,
      { status: "placed", totalPaise: 24_000 },
      { status: "confirmed", totalPaise: 24_000 },
    ),
    "Rakesh Mohanty confirmed order FHH-004821",
    [],
  ],
  [
    entry(
      "order.packed",
      ORDER,
      { status: "confirmed", totalPaise: 24_000 },
      {
        status: "packed",
        totalPaise: 21_000,
        shortPicked: [
          { name: "Spinach", unit: "bunch", ordered: 3, supplied: 1, packed: null, short: true },
          {
            name: "Tomatoes",
            unit: "kg",
            ordered: 1000,
            supplied: 1000,
            packed: 950,
            short: false,
          },
        ],
      },
    ),
    "Rakesh Mohanty packed order FHH-004821",
    ["Spinach: 1 bunch of 3 bunch", "Tomatoes: 950 g of 1 kg", "Total: ₹240.00 → ₹210.00"],
  ],
  [
    entry(
      "order.out_for_delivery",
      ORDER,
      { status: "packed", totalPaise: 21_000 },
      { status: "out_for_delivery", totalPaise: 21_000, invoiceNumber: "FHH/26-27/000412" },
    ),
    "Rakesh Mohanty sent order FHH-004821 out for delivery",
    ["Invoice FHH/26-27/000412"],
  ],
  [
    entry(
      "order.delivered",
      ORDER,
      { status: "out_for_delivery", totalPaise: 21_000 },
      { status: "delivered", totalPaise: 21_000 },
    ),
    "Rakesh Mohanty marked order FHH-004821 delivered",
    [],
  ],
  [
    entry(
      "order.cancel",
      ORDER,
      { status: "confirmed", paymentStatus: "paid" },
      { status: "cancelled", reason: "customer_request", refundPaise: 24_000 },
    ),
    "Rakesh Mohanty cancelled order FHH-004821 (customer request)",
    ["Refund: ₹240.00"],
  ],
  [
    entry(
      "order.refund",
      ORDER,
      { status: "delivered" },
      {
        creditNote: "FCN/26-27/000031",
        totalPaise: 9_100,
        reason: "quality",
        goods: "write_off",
        lines: [{ productId: "curd", name: "Curd", unit: "pack", quantity: 2, paise: 9_100 }],
        paidBackBy: "upi",
      },
    ),
    "Rakesh Mohanty refunded ₹91.00 of order FHH-004821 (quality)",
    [
      "Curd, 2 pack, ₹91.00",
      "Goods: written off",
      "Paid back by UPI",
      "Credit note FCN/26-27/000031",
    ],
  ],
  [
    entry("refund_request.decline", ["ticket", "SUP-000317"], undefined, {
      requestId: 12,
      note: "Already refunded in cash at the door",
    }),
    "Rakesh Mohanty declined the refund request of ticket SUP-000317",
    ["Reason: Already refunded in cash at the door"],
  ],
  [
    entry(
      "refund_request.create",
      ["ticket", "SUP-000317"],
      undefined,
      { requestId: 12, orderNumber: "FHH-004821", note: "Two packs of curd were sour" },
      "customer-relations",
    ),
    "Ipsita Nayak asked Sales to refund order FHH-004821 for ticket SUP-000317",
    ["Note: Two packs of curd were sour"],
  ],
  [
    entry("ticket.reply", TICKET, { status: "open" }, { status: "waiting", messageId: 88 }),
    "Ipsita Nayak replied on ticket SUP-000317",
    [],
  ],
  [
    entry("ticket.note", TICKET, undefined, { messageId: 89 }),
    "Ipsita Nayak added a team note on ticket SUP-000317",
    [],
  ],
  [
    entry("ticket.resolve", TICKET, { status: "waiting" }, { status: "resolved" }),
    "Ipsita Nayak resolved ticket SUP-000317",
    [],
  ],
  [
    entry("ticket.reopen", TICKET, { status: "resolved" }, { status: "open" }),
    "Ipsita Nayak reopened ticket SUP-000317",
    [],
  ],
  [
    entry("feedback.read", ["feedback", "52"], undefined, { readBy: "Ipsita Nayak" }),
    "Ipsita Nayak read a feedback message",
    [],
  ],
  [
    entry("feedback.follow_up", ["feedback", "52"], undefined, { ticket: "SUP-000318" }),
    "Ipsita Nayak answered a feedback message in ticket SUP-000318",
    [],
  ],
  [
    entry("rating.follow_up", ["order", "FHH-004821"], undefined, { ticket: "SUP-000319" }),
    "Ipsita Nayak followed up the rating of order FHH-004821 in ticket SUP-000319",
    [],
  ],
  [
    entry("saved_reply.create", ["saved_reply", "7"], undefined, { title: "Late delivery" }),
    "Ipsita Nayak added the saved reply “Late delivery”",
    [],
  ],
  [
    entry(
      "saved_reply.update",
      ["saved_reply", "7"],
      { title: "Late delivery" },
      { title: "Running late", bodyChanged: true },
    ),
    "Ipsita Nayak edited the saved reply “Running late”",
    ["Title: Late delivery → Running late", "Text changed"],
  ],
  [
    entry(
      "saved_reply.update",
      ["saved_reply", "7"],
      { title: "Running late" },
      { title: "Running late", bodyChanged: true },
    ),
    "Ipsita Nayak edited the saved reply “Running late”",
    ["Text changed"],
  ],
  [
    entry("saved_reply.delete", ["saved_reply", "7"], { title: "Running late" }, undefined),
    "Ipsita Nayak deleted the saved reply “Running late”",
    [],
  ],
  [
    entry(
      "bulk.quote",
      BULK,
      { status: "awaiting_review", quotePaise: null },
      {
        status: "awaiting_payment",
        quotePaise: 1_800_000,
        lines: ["Tomatoes × 50 kg", "Spinach × 40 bunch"],
        discountPercent: 5,
        deliveryChargePaise: 50_000,
        codApproved: true,
      },
    ),
    "Ipsita Nayak quoted ₹18,000.00 for bulk order BOR-482913-5521",
    ["Tomatoes × 50 kg", "Spinach × 40 bunch", "Discount: 5%", "2 more changes"],
  ],
  [
    entry("bulk.confirm", BULK, { status: "advance_paid" }, { status: "confirmed" }),
    "Ipsita Nayak confirmed bulk order BOR-482913-5521",
    [],
  ],
  [
    entry(
      "bulk.deliver",
      BULK,
      { status: "confirmed" },
      { status: "delivered", balancePaise: 900_000, balanceMethod: "cash" },
    ),
    "Ipsita Nayak marked bulk order BOR-482913-5521 delivered",
    ["Balance ₹9,000.00 paid in cash"],
  ],
  [
    entry(
      "bulk.cancel",
      BULK,
      { status: "advance_paid", paidPaise: 900_000 },
      { status: "cancelled", reason: "Wedding postponed", feePaise: 450_000, refundPaise: 450_000 },
    ),
    "Ipsita Nayak cancelled bulk order BOR-482913-5521",
    ["Reason: Wedding postponed", "Fee kept: ₹4,500.00", "Refund: ₹4,500.00"],
  ],
  [
    entry(
      "bulk.change",
      BULK,
      { quotePaise: 1_800_000, lines: ["Tomatoes × 50 kg", "Spinach × 40 bunch"] },
      {
        quotePaise: 1_600_000,
        lines: ["Tomatoes × 40 kg", "Spinach × 40 bunch"],
        feeAddedPaise: 0,
        refundPaise: 0,
        dueNowPaise: 0,
      },
    ),
    "Ipsita Nayak changed the lines of bulk order BOR-482913-5521",
    ["Total: ₹18,000.00 → ₹16,000.00", "Tomatoes: 50 kg → 40 kg"],
  ],
  [
    entry(
      "bulk.to_board",
      BULK,
      { status: "confirmed" },
      { orderNumber: "FHH-004900", reason: "Planner asked for it a day early" },
    ),
    "Ipsita Nayak sent bulk order BOR-482913-5521 to the order board as order FHH-004900",
    ["Reason: Planner asked for it a day early"],
  ],
  [
    entry(
      "staff.rename",
      ["staff-member", "staff-inventory"],
      { username: "inventory" },
      { username: "sasmita" },
      "inventory",
    ),
    "Sasmita Das's sign-in name was changed from inventory to sasmita",
    [],
  ],
];

describe("the activity panel's sentences", () => {
  it.each(
    CASES.map(([view, sentence, details]) => [view.action, view, sentence, details] as const),
  )("reads %s as a sentence", (_, view, sentence, details) => {
    expect(activitySentence(view)).toEqual({ sentence, details });
  });

  it("never shows a key, an id, JSON, a UTC stamp or a photo hash", () => {
    for (const [view] of CASES) {
      const { sentence, details } = activitySentence(view);
      for (const line of [sentence, ...details]) {
        expect(line, view.action).not.toMatch(
          /bps|Id\b|Id[A-Z]|_|[{}]|\d{4}-\d{2}-\d{2}T|[0-9a-f]{32,}/,
        );
      }
    }
  });

  it("says less for an older entry that lacks the product's name or unit", () => {
    const older = entry(
      "stock.receive",
      ["product", "kashmir-apples"],
      { stock: 0 },
      {
        stock: 50,
        movementId: 3,
        kind: "receipt",
        quantity: 50,
        supplier: "Sopore Orchards",
        harvestedOn: "2026-11-20",
      },
    );
    expect(activitySentence(older).sentence).toBe(
      "Sasmita Das received stock of kashmir-apples from Sopore Orchards, harvested 20 Nov",
    );
    const archived = entry("product.archive", ["product", "kashmir-apples"], {}, { version: 2 });
    expect(activitySentence(archived).sentence).toBe("Sasmita Das archived kashmir-apples");
    const count = entry("stock.count", ["product", "kashmir-apples"], { stock: 9 }, { stock: 7 });
    expect(activitySentence(count).sentence).toBe(
      "Sasmita Das counted the stock of kashmir-apples",
    );
  });

  it("reads an action it does not know yet as a change of its target", () => {
    const future = entry("product.discount", PRODUCT, TOMATOES, { ...TOMATOES, pricePaise: 7000 });
    expect(activitySentence(future)).toEqual({
      sentence: "Sasmita Das changed the product Tomatoes",
      details: ["Price: ₹80.00 → ₹70.00"],
    });
    const other = entry("supplier.add", ["supplier_farm", "khordha"], null, { name: "Khordha" });
    expect(activitySentence(other).sentence).toBe("Ipsita Nayak changed supplier farm khordha");
  });

  it("keeps the day in India: a receipt just after midnight there is the next day", () => {
    const late = entry(
      "stock.receive",
      PRODUCT,
      {},
      {
        name: "Tomatoes",
        unit: "kg",
        quantity: 1000,
        bestBefore: "2026-11-27T19:00:00.000Z",
      },
    );
    expect(activitySentence(late).details).toEqual(["Best before 28 Nov"]);
  });
});

describe("the kinds of change a dashboard filters by", () => {
  const kindsOf = (action: string) =>
    STAFF_ROLES.flatMap((role) =>
      (ACTIVITY_KINDS[role] as readonly ActivityKind[])
        .filter((kind) => isOfKind(kind, action))
        .map((kind) => `${role}:${kind.id}`),
    );

  it("puts each action the server writes under its dashboard's kind", () => {
    expect(kindsOf("stock.lot_check")).toEqual(["inventory:stock"]);
    expect(kindsOf("product.photo_remove")).toEqual(["inventory:products"]);
    expect(kindsOf("order.out_for_delivery")).toEqual(["sales:orders"]);
    expect(kindsOf("order.cancel")).toEqual(["sales:cancellations"]);
    expect(kindsOf("order.refund")).toEqual(["sales:refunds"]);
    expect(kindsOf("refund_request.create")).toEqual([
      "sales:refunds",
      "customer-relations:refunds",
    ]);
    expect(kindsOf("rating.follow_up")).toEqual(["customer-relations:feedback"]);
    expect(kindsOf("bulk.to_board")).toEqual(["customer-relations:bulk"]);
    expect(kindsOf("saved_reply.update")).toEqual(["customer-relations:saved-replies"]);
    expect(kindsOf("staff.rename")).toHaveLength(STAFF_ROLES.length);
  });

  it("covers every action of the sentence table", () => {
    for (const [view] of CASES) {
      expect(
        (ACTIVITY_KINDS[view.role] as readonly ActivityKind[]).some((kind) =>
          isOfKind(kind, view.action),
        ),
        `${view.role} ${view.action}`,
      ).toBe(true);
    }
  });

  it("finds a kind only on its own dashboard", () => {
    expect(activityKindOf("inventory", "stock")?.label).toBe("Stock");
    expect(activityKindOf("sales", "stock")).toBeUndefined();
  });
});
