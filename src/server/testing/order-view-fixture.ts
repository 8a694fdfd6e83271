// Orders for invoice and email tests, priced by the store's own rule so every total is consistent.
import type { OrderLine, OrderView } from "../../shared/contracts/orders.ts";
import { priceBreakdown } from "../../shared/rules/pricing.ts";
import type { Seller } from "../modules/invoices/gst-figures.ts";

/** Quantities are grams for what is weighed (tomatoes, per kg) and units otherwise (measure.ts). */
type LineInput = Omit<OrderLine, "taxablePaise" | "gstPaise">;

export const SELLER: Seller = {
  name: "Fresh Harvest Hub",
  address: "Plot 42, Saheed Nagar, Bhubaneswar, Odisha 751007, India",
  gstin: "21AAAFH0000A1Z5",
  stateName: "Odisha",
  stateCode: "21",
};

const item = (
  productId: string,
  name: string,
  unit: string,
  hsnCode: string,
  unitPricePaise: number,
  gstRateBps = 0,
) => ({ productId, name, unit, hsnCode, unitPricePaise, gstRateBps });

export const PRODUCTS = {
  tomatoes: item("tomatoes", "Tomatoes", "kg", "0702", 4000),
  bananas: item("bananas", "Bananas", "dozen", "0803", 6000),
  spinach: item("spinach", "Spinach", "bunch", "0709", 3000),
  mint: item("mint", "Mint", "bunch", "1211", 1000),
  desiGhee: item("desi-ghee", "Desi Ghee", "liter", "0405", 100000, 500),
  /** 5% of Rs 123.45 is 617 paise: odd, so CGST and SGST differ by a paisa. */
  whiteButter: item("white-butter", "White Butter (200 g)", "pack", "0405", 12345, 500),
} satisfies Record<string, Omit<LineInput, "quantity">>;

export function orderFixture(
  items: { product: Omit<LineInput, "quantity">; quantity: number }[],
  overrides: Partial<OrderView> = {},
): OrderView {
  const lines: LineInput[] = items.map(({ product, quantity }) => ({ ...product, quantity }));
  const prices = priceBreakdown(lines);
  return {
    orderNumber: "FHH-482913",
    status: "placed",
    paymentStatus: "paid",
    paymentMethod: "upi",
    paymentSummary: "UPI asha@okaxis",
    locale: "en",
    placedAt: "2026-11-21T09:15:00.000Z",
    customerName: "Asha Patel",
    email: "asha.patel@example.in",
    phone: "+919876543210",
    shippingAddress: "12 Jaydev Vihar, Bhubaneswar, Odisha, 751013",
    address: "12 Jaydev Vihar",
    city: "Bhubaneswar",
    state: "Odisha",
    pincode: "751013",
    notes: "Please ring the bell twice.",
    lines: lines.map((line, index) => ({ ...line, ...prices.lines[index]! })),
    subtotalPaise: prices.subtotalPaise,
    gstPaise: prices.gstPaise,
    deliveryFeePaise: prices.deliveryFeePaise,
    totalPaise: prices.totalPaise,
    rating: null,
    deliveryAgentPhone: "+919040012345",
    statusAt: "2026-11-21T09:15:00.000Z",
    invoiceNumber: null,
    invoicedAt: null,
    creditNotes: [],
    paymentDueAt: null,
    ...overrides,
  };
}

/** `order` as sold in its language: each product named by `localNames` (by id), the rest not. */
export const withLocalNames = (
  order: OrderView,
  localNames: Record<string, string>,
): OrderView => ({
  ...order,
  lines: order.lines.map((line) => ({ ...line, localName: localNames[line.productId] ?? null })),
});

/** Produce (exempt) and Desi Ghee at 5%: subtotal Rs 1,140, free delivery. 2 kg of tomatoes. */
export const mixedOrder = () =>
  orderFixture([
    { product: PRODUCTS.tomatoes, quantity: 2_000 },
    { product: PRODUCTS.bananas, quantity: 1 },
    { product: PRODUCTS.desiGhee, quantity: 1 },
  ]);

/** Produce only, under Rs 500: a bill of supply with the Rs 49 delivery fee. 2 kg of tomatoes. */
export const exemptOrder = () =>
  orderFixture([
    { product: PRODUCTS.tomatoes, quantity: 2_000 },
    { product: PRODUCTS.spinach, quantity: 1 },
    { product: PRODUCTS.mint, quantity: 3 },
  ]);

/** Only 5% goods, two lines with odd-paise GST, under Rs 500 so delivery is charged. */
export const taxedOrder = () =>
  orderFixture(
    [
      { product: PRODUCTS.whiteButter, quantity: 1 },
      {
        product: { ...PRODUCTS.whiteButter, productId: "cow-butter", name: "Cow Butter" },
        quantity: 1,
      },
    ],
    { paymentMethod: "card", paymentSummary: "Visa ending 1111" },
  );
