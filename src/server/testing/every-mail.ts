// Every mail the store sends, each built from typed values handed out by a typist: the hostile
// checks (every-email.test.ts) type markup and bidi controls into every field, the golden files
// (mail-golden.test.ts) type an ordinary customer's words.
import type { BulkOrderView } from "../../shared/contracts/bulk-orders.ts";
import type { OrderView } from "../../shared/contracts/orders.ts";
import { supportRequestSchema } from "../../shared/contracts/support.ts";
import { greetingName } from "../../shared/rules/person-name.ts";
import { accountDeletedMail } from "../modules/account/account-deleted-mail.ts";
import { alertDigestMail } from "../modules/alerts/digest-mail.ts";
import { type CodePurpose, codeMail } from "../modules/auth/code-mail.tsx";
import { emailChangedMail } from "../modules/auth/email-changed-mail.ts";
import { passwordChangedMail } from "../modules/auth/password-changed-mail.ts";
import { signInWarningMail } from "../modules/auth/sign-in-warning-mail.ts";
import {
  bulkAcknowledgement,
  bulkCancelledMail,
  bulkChangedMail,
  bulkConfirmedMail,
  bulkDeliveredMail,
  bulkDifferencePaidMail,
  bulkQuoteMail,
  bulkReceiptMail,
} from "../modules/bulk-orders/bulk-order-emails.ts";
import { orderConfirmationEmail } from "../modules/checkout/order-email.tsx";
import {
  orderCancelledEmail,
  orderConfirmedEmail,
  orderDeliveredEmail,
  orderOutForDeliveryEmail,
  orderRefundedEmail,
  orderShortPickedEmail,
} from "../modules/fulfilment/order-status-email.ts";
import { staffSignInWarningMail } from "../modules/staff/staff-sign-in-warning-mail.ts";
import { supportAcknowledgement, ticketReplyMail } from "../modules/support/support-email.ts";
import { orderFixture, PRODUCTS } from "./order-view-fixture.ts";
import { drawn, type KeptMail, type Mail } from "./outbox-mail.ts";

const publicUrl = "https://shop.freshharvesthub.in";
const FAILED_SIGN_INS = { at: new Date("2026-11-21T09:40:00.000Z"), address: "203.0.113.7" };
const ORDER_LINK = `${publicUrl}/api/orders/FHH-482913/open?token=${"A".repeat(32)}1790000000`;
const BULK_LINK =
  "https://shop.freshharvesthub.in/bulk-order/BOR-482913-1234?token=abcdefghijklmnopqrstu";
const TICKET_LINK =
  "https://shop.freshharvesthub.in/support/ticket/SUP-482913?token=abcdefghijklmnopq";

/** Hands each typed field the next value, cycling from `start`; `max` is the form's limit. */
export function typist(values: readonly string[], start = 0) {
  let field = start;
  return (max = Number.POSITIVE_INFINITY) => values[field++ % values.length]!.slice(0, max);
}
export type Type = ReturnType<typeof typist>;

/** An order with every typed field filled by `type`, and those fields to look for. */
function typedOrder(type: Type) {
  const typed = {
    name: type(),
    address: type(),
    notes: type(),
    payment: type(),
    agent: type(),
    product: type(),
    unit: type(),
  };
  const order: OrderView = orderFixture(
    [
      { product: { ...PRODUCTS.tomatoes, name: typed.product, unit: typed.unit }, quantity: 2 },
      { product: PRODUCTS.desiGhee, quantity: 1 },
    ],
    {
      customerName: typed.name,
      shippingAddress: typed.address,
      notes: typed.notes,
      paymentSummary: typed.payment,
      deliveryAgentPhone: typed.agent,
    },
  );
  return { order, typed, greeted: greetingName(typed.name) };
}

const dispatched = (order: OrderView): OrderView => ({
  ...order,
  status: "out_for_delivery",
  invoiceNumber: "FHH/26-27/000042",
  invoicedAt: "2026-11-21T09:40:00.000Z",
});

function typedBulk(type: Type, status: BulkOrderView["status"]) {
  const view: BulkOrderView = {
    ticketId: "BOR-482913-1234",
    status,
    name: type(100),
    email: "asha.patel@example.in",
    phone: "+919876543210",
    eventType: "other",
    products: type(2000),
    location: type(300),
    deliveryDate: "2026-12-20",
    codRequested: true,
    codApproved: false,
    quotePaise: 2_500_000,
    advancePaise: 1_250_000,
    advancePaymentSummary: type(),
    quoteNotes: type(2000),
    // Names typed by the Inventory Manager into the catalogue.
    quote: {
      lines: [
        {
          productId: "tomatoes",
          name: type(100),
          unit: "kg",
          hsnCode: "0702",
          gstRateBps: 0,
          listPricePaise: 4000,
          unitPricePaise: 3600,
          // 500 kg, in grams.
          quantity: 500_000,
          taxablePaise: 1_800_000,
          gstPaise: 0,
        },
      ],
      listSubtotalPaise: 2_000_000,
      discountPercent: 10,
      discountPaise: 200_000,
      subtotalPaise: 1_800_000,
      gstPaise: 0,
      deliveryChargePaise: 700_000,
      totalPaise: 2_500_000,
      advancePaise: 1_250_000,
      balancePaise: 1_250_000,
    },
    money: {
      paidPaise: 1_250_000,
      feesKeptPaise: 0,
      balancePaise: 1_250_000,
      dueNowPaise: 0,
      changesUntil: null,
    },
    submittedAt: "2026-11-21T09:15:00.000Z",
    version: 3,
  };
  return { view, typed: [view.name, view.products, view.location] };
}

/**
 * Through the contact form's own schema: only what it accepts reaches the mail. The order number
 * must look like FHH-123456 or BOR-123456-1234, so it cannot carry hostile text.
 */
function typedSupportRequest(type: Type) {
  return supportRequestSchema.parse({
    name: type(100),
    email: "asha.patel@example.in",
    orderNumber: "fhh-482913",
    queryType: "others",
    message: type(2000),
  });
}

/**
 * A mail built from typed values, the typed text it must show whole, and the typed text it must
 * not show at all (the sender's own words in a mail to an address they may not own).
 */
export type { Mail };

type Kept = { mail: KeptMail; shown: string[]; hidden?: string[] };
export type Built = { mail: Mail; shown: string[]; hidden?: string[] };

/** How each code mail's plain text begins; a purpose left out here does not compile. */
const CODE_MAIL_STARTS: Record<CodePurpose, string> = {
  "email-verification": "Welcome to Fresh Harvest Hub! Enter this code",
  "forget-password": "Someone (hopefully you) asked to reset your password.",
  "change-email":
    "Someone (hopefully you) asked to use this address for a Fresh Harvest Hub account.",
  "delete-account": "Someone (hopefully you) asked to delete your Fresh Harvest Hub account.",
};

/** The password mail's kinds of news; one left out here does not compile. */
const PASSWORD_NEWS = { changed: true, set: true } satisfies Record<
  NonNullable<Parameters<typeof passwordChangedMail>[2]>,
  true
>;

/** Every mail as the outbox keeps it, and how its plain text begins. */
const KEPT: { email: string; starts: string; build: (type: Type) => Kept }[] = [
  {
    email: "orderConfirmationEmail",
    starts: "Hello,",
    build: (type) => {
      const { order, typed, greeted } = typedOrder(type);
      const mail = orderConfirmationEmail(order, { link: ORDER_LINK });
      // Product names and units are the store's; the delivery agent's phone too.
      return {
        mail,
        shown: [typed.agent, typed.product, typed.unit],
        hidden: [greeted, typed.name, typed.address, typed.notes, typed.payment],
      };
    },
  },
  {
    email: "orderConfirmedEmail",
    starts: "Hi ",
    build: (type) => {
      const { order, typed, greeted } = typedOrder(type);
      const mail = orderConfirmedEmail({ ...order, status: "confirmed" }, { publicUrl });
      return {
        mail,
        shown: [greeted, typed.address, typed.payment, typed.product, typed.unit],
      };
    },
  },
  {
    email: "orderOutForDeliveryEmail",
    starts: "Hi ",
    build: (type) => {
      const { order, typed, greeted } = typedOrder(type);
      const mail = orderOutForDeliveryEmail(dispatched(order), {
        publicUrl,
        invoiceHtml: "<p>invoice</p>",
      });
      return {
        mail,
        shown: [greeted, typed.address, typed.payment, typed.agent, typed.product, typed.unit],
      };
    },
  },
  {
    email: "orderDeliveredEmail",
    starts: "Hi ",
    build: (type) => {
      const { order, typed, greeted } = typedOrder(type);
      const mail = orderDeliveredEmail(
        { ...dispatched(order), status: "delivered" },
        { publicUrl },
      );
      return { mail, shown: [greeted, typed.payment] };
    },
  },
  {
    email: "orderCancelledEmail",
    starts: "Hi ",
    build: (type) => {
      const { order, typed, greeted } = typedOrder(type);
      const reasonLabel = type();
      const mail = orderCancelledEmail(
        { ...order, status: "cancelled" },
        { publicUrl, reasonLabel, refundPaise: 50_000 },
      );
      return { mail, shown: [greeted, typed.payment, reasonLabel] };
    },
  },
  {
    email: "orderShortPickedEmail",
    starts: "Hi ",
    build: (type) => {
      const { order, typed, greeted } = typedOrder(type);
      const changes = [
        { name: type(), unit: type(), ordered: 2, supplied: 1, packed: null, short: true },
        { name: type(), unit: type(), ordered: 3, supplied: 0, packed: null, short: true },
      ];
      const mail = orderShortPickedEmail(order, { publicUrl, changes, refundPaise: 4_000 });
      return {
        mail,
        shown: [greeted, typed.payment, ...changes.flatMap((change) => [change.name, change.unit])],
      };
    },
  },
  {
    email: "orderRefundedEmail",
    starts: "Hi ",
    build: (type) => {
      const { order, typed, greeted } = typedOrder(type);
      const refund = {
        lines: [
          { name: type(), unit: type(), quantity: 2, totalPaise: 9_555 },
          { name: type(), unit: type(), quantity: 0, totalPaise: 5_000 },
        ],
        deliveryFeePaise: 4_900,
        totalPaise: 19_455,
        reasonLabel: type(),
        paidBackBy: undefined,
      };
      const mail = orderRefundedEmail(
        { ...dispatched(order), status: "delivered" },
        {
          publicUrl,
          refund,
          creditNote: {
            number: "FCN/26-27/000001",
            fileName: "credit-note.html",
            html: "<p>note</p>",
          },
        },
      );
      return {
        mail,
        shown: [
          greeted,
          typed.payment,
          refund.reasonLabel,
          ...refund.lines.map((line) => line.name),
          refund.lines[0]!.unit,
        ],
      };
    },
  },
  {
    email: "bulkAcknowledgement",
    starts: "Hello,",
    build: (type) => {
      const { view, typed } = typedBulk(type, "awaiting_review");
      const mail = bulkAcknowledgement(view, BULK_LINK);
      return { mail, shown: [], hidden: typed };
    },
  },
  {
    email: "bulkQuoteMail",
    starts: "Hello,",
    build: (type) => {
      const { view, typed } = typedBulk(type, "awaiting_payment");
      const mail = bulkQuoteMail(view, BULK_LINK);
      return { mail, shown: [view.quoteNotes, view.quote!.lines[0]!.name], hidden: typed };
    },
  },
  {
    email: "bulkConfirmedMail",
    starts: "Hello,",
    build: (type) => {
      const { view, typed } = typedBulk(type, "confirmed");
      const mail = bulkConfirmedMail(view, BULK_LINK);
      return { mail, shown: [], hidden: typed };
    },
  },
  {
    email: "bulkDeliveredMail",
    starts: "Hello,",
    build: (type) => {
      const { view, typed } = typedBulk(type, "delivered");
      const mail = bulkDeliveredMail(view, BULK_LINK);
      return { mail, shown: [], hidden: typed };
    },
  },
  {
    email: "bulkCancelledMail",
    starts: "Hello,",
    build: (type) => {
      const { view, typed } = typedBulk(type, "cancelled");
      const reason = type(500);
      const mail = bulkCancelledMail(view, BULK_LINK, {
        reason,
        feePaise: 625_000,
        refundPaise: 625_000,
        paidPaise: 1_250_000,
      });
      return { mail, shown: [reason, view.advancePaymentSummary!], hidden: typed };
    },
  },
  {
    email: "bulkReceiptMail",
    starts: "Hello,",
    build: (type) => {
      const { view, typed } = typedBulk(type, "advance_paid");
      const mail = bulkReceiptMail(view, BULK_LINK);
      return { mail, shown: [view.advancePaymentSummary!], hidden: typed };
    },
  },
  {
    email: "bulkChangedMail",
    starts: "Hello,",
    build: (type) => {
      const { view, typed } = typedBulk(type, "confirmed");
      const mail = bulkChangedMail(view, BULK_LINK, {
        fromPaise: 3_000_000,
        money: { feeAddedPaise: 125_000, refundPaise: 125_000, dueNowPaise: 0 },
      });
      return {
        mail,
        shown: [view.quote!.lines[0]!.name, view.advancePaymentSummary!],
        hidden: typed,
      };
    },
  },
  {
    email: "bulkDifferencePaidMail",
    starts: "Hello,",
    build: (type) => {
      const { view, typed } = typedBulk(type, "confirmed");
      const mail = bulkDifferencePaidMail(view, BULK_LINK, 250_000);
      return { mail, shown: [view.advancePaymentSummary!], hidden: typed };
    },
  },
  {
    email: "supportAcknowledgement",
    starts: "Hello,",
    build: (type) => {
      const request = typedSupportRequest(type);
      const mail = supportAcknowledgement("SUP-482913", request, TICKET_LINK);
      return { mail, shown: [], hidden: [greetingName(request.name), request.message] };
    },
  },
  {
    email: "supportAcknowledgement (the account's own verified address)",
    starts: "Hi ",
    build: (type) => {
      const request = typedSupportRequest(type);
      const mail = supportAcknowledgement("SUP-482913", request, TICKET_LINK, {
        ownVerifiedAddress: true,
      });
      return { mail, shown: [greetingName(request.name), request.message] };
    },
  },
  {
    email: "ticketReplyMail",
    starts: "Hi ",
    build: (type) => {
      const name = type(100);
      const reply = type();
      const staffName = type();
      const mail = ticketReplyMail({
        reference: "SUP-482913",
        name,
        email: "asha.patel@example.in",
        reply,
        staffName,
        link: TICKET_LINK,
      });
      return { mail, shown: [greetingName(name), reply, staffName] };
    },
  },
  ...(Object.keys(PASSWORD_NEWS) as (keyof typeof PASSWORD_NEWS)[]).map((how) => ({
    email: `passwordChangedMail (${how})`,
    starts: "Hi ",
    build: (type: Type) => {
      const name = type(100);
      const mail = passwordChangedMail({ email: "asha.patel@example.in", name }, publicUrl, how);
      return { mail, shown: [greetingName(name)] };
    },
  })),
  {
    email: "emailChangedMail",
    starts: "Hi ",
    build: (type) => {
      const name = type(100);
      const mail = emailChangedMail(
        { name, from: "asha.old@example.in", to: "asha.patel@example.in" },
        publicUrl,
      );
      return { mail, shown: [greetingName(name)] };
    },
  },
  {
    email: "accountDeletedMail",
    starts: "Hi ",
    build: (type) => {
      const name = type(100);
      const mail = accountDeletedMail({ email: "asha.patel@example.in", name }, publicUrl);
      return { mail, shown: [greetingName(name)] };
    },
  },
  {
    // Nothing typed reaches it: the store's words, the time and the failures' network address.
    email: "signInWarningMail",
    starts: "There have been several failed attempts to sign in",
    build: () => ({
      mail: signInWarningMail("asha.patel@example.in", FAILED_SIGN_INS, publicUrl),
      shown: [],
    }),
  },
  {
    // The username is the one the store keeps, of letters, digits, dots and underscores only.
    email: "staffSignInWarningMail",
    starts: "The staff account relations has had several failed sign-ins",
    build: () => ({
      mail: staffSignInWarningMail(
        "relations@staff.freshharvesthub.in",
        "relations",
        FAILED_SIGN_INS,
        publicUrl,
      ),
      shown: [],
    }),
  },
  {
    email: "alertDigestMail",
    starts: "Hi ",
    build: (type) => {
      const name = type();
      const alerts = [
        {
          key: "order:FHH-482913:new",
          kind: "new_order" as const,
          text: type(),
          at: "2026-11-29T08:00:00.000Z",
        },
        {
          key: "ticket:SUP-482913:due",
          kind: "ticket_due_soon" as const,
          text: type(),
          at: "2026-11-29T08:05:00.000Z",
        },
      ];
      const mail = alertDigestMail(
        { email: "sales@staff.freshharvesthub.in", name },
        "sales",
        alerts,
        publicUrl,
      );
      return { mail, shown: [greetingName(name), ...alerts.map((alert) => alert.text)] };
    },
  },
  ...(Object.keys(CODE_MAIL_STARTS) as CodePurpose[]).map((purpose) => ({
    email: `codeMail (${purpose})`,
    starts: CODE_MAIL_STARTS[purpose],
    build: () => ({
      mail: codeMail(purpose, "asha.patel@example.in", "482913", publicUrl),
      shown: [],
    }),
  })),
];

/** Every mail: how it is built, drawn as it is sent, and how its plain text begins. */
export const EMAILS: { email: string; starts: string; build: (type: Type) => Built }[] = KEPT.map(
  (row) => ({
    ...row,
    build: (type: Type) => {
      const built = row.build(type);
      return { ...built, mail: drawn(built.mail) };
    },
  }),
);
