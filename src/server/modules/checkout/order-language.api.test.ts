// An order remembers the language its page was in, and its confirmation is written in it: the
// storefront sends the page's language with every call (api-client.ts).
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import type { PlaceOrderInput } from "../../../shared/contracts/checkout.ts";
import { orderLines, orders } from "../../db/schema/index.ts";
import { freshAddress, freshEmail, freshMobile, TEST_ORIGIN } from "../../testing/customers.ts";
import { salesManager } from "../../testing/sales.ts";
import { asRelations, latestMailTo, TICKETS } from "../../testing/support.ts";
import { testDatabaseKinds, useTestApp } from "../../testing/test-app.ts";

let keys = 0;

function cashOrder(email: string): PlaceOrderInput {
  return {
    contact: { firstName: "Sabita", lastName: "Mohanty", email, phone: freshMobile() },
    delivery: {
      address: "Plot 7, Jaydev Vihar",
      city: "Bhubaneswar",
      state: "Odisha",
      pincode: "751013",
    },
    notes: "",
    payment: { method: "cash" },
    items: [
      { productId: "mangoes", quantity: 1_500 },
      { productId: "spinach", quantity: 2 },
    ],
  };
}

describe.each(testDatabaseKinds)("an order's language on %s", (kind) => {
  const ctx = useTestApp(kind);

  async function place(acceptLanguage: string | undefined) {
    const email = freshEmail("language");
    const response = await ctx.app.inject({
      method: "POST",
      url: "/api/orders",
      payload: cashOrder(email),
      headers: {
        origin: TEST_ORIGIN,
        "idempotency-key": `language-${Date.now()}-${++keys}`,
        ...(acceptLanguage === undefined ? {} : { "accept-language": acceptLanguage }),
      },
      remoteAddress: freshAddress(),
    });
    expect(response.statusCode, response.body).toBe(201);
    const mail = await latestMailTo(ctx, email);
    const [row] = await ctx.database.db
      .select({ id: orders.id, locale: orders.locale })
      .from(orders)
      .where(eq(orders.orderNumber, response.json().orderNumber));
    const lines = await ctx.database.db
      .select({ name: orderLines.name, localName: orderLines.localName })
      .from(orderLines)
      .where(eq(orderLines.orderId, row!.id));
    return { order: response.json(), row: row!, lines, mail };
  }

  it("places an Odia page's order in Odia: kept, answered, and mailed in Odia", async () => {
    const { order, row, lines, mail } = await place("or");
    expect(row.locale).toBe("or");
    expect(order.locale).toBe("or");
    expect(lines).toContainEqual({ name: "Juicy Mangoes", localName: "ରସିଆ ଆମ୍ବ" });
    expect(mail.subject).toBe(`ଆପଣଙ୍କ Fresh Harvest Hub ଅର୍ଡର ${order.orderNumber} ଆମେ ପାଇଗଲୁ`);
    expect(mail.htmlBody).toContain('<html lang="or-IN">');
    expect(mail.textBody).toContain("ରସିଆ ଆମ୍ବ");
    expect(mail.textBody).toContain("1.5 kg");
    expect(mail.textBody).toContain("ପ୍ରତି କିଲୋ");
    expect(mail.textBody).toContain("ଡେଲିଭରି ବେଳେ ନଗଦ");
    expect(mail.textBody).toMatch(/ଆପଣଙ୍କ ଅର୍ଡର ଦେଖନ୍ତୁ: https?:\/\//);
    expect(mail.textBody).not.toContain("Thank you");
  });

  it("writes a Hindi page's confirmation in Hindi, counted units worded by Hindi", async () => {
    const { order, mail, row } = await place("hi");
    expect(row.locale).toBe("hi");
    expect(mail.subject).toBe(`आपका Fresh Harvest Hub ऑर्डर ${order.orderNumber} हमें मिल गया है`);
    expect(mail.htmlBody).toContain('<html lang="hi-IN">');
    expect(mail.textBody).toContain("रसीले आम");
    expect(mail.textBody).toMatch(/2 गड्डी/);
    expect(mail.textBody).toContain("नमस्ते,");
  });

  it("keeps English for English, for no language, and for languages the store does not speak", async () => {
    for (const header of [undefined, "en-IN", "en-GB,or;q=0.5", "fr-FR", "or-XX-garbage;q=abc"]) {
      const { order, row, lines, mail } = await place(header);
      expect(row.locale, String(header)).toBe("en");
      expect(order.locale).toBe("en");
      expect(lines.every((line) => line.localName === null)).toBe(true);
      expect(mail.subject).toBe(
        `We have received your Fresh Harvest Hub order ${order.orderNumber}`,
      );
      expect(mail.htmlBody).toContain('<html lang="en-IN">');
    }
  });

  it("shows the staff the language an order was placed in, and a ticket written in", async () => {
    const { order } = await place("or");
    const manager = await salesManager(ctx.app);
    const sales = await manager.request({
      method: "GET",
      url: `/api/staff/sales/orders/${order.orderNumber}`,
    });
    expect(sales.statusCode, sales.body).toBe(200);
    expect(sales.json().locale).toBe("or");

    const filed = await ctx.app.inject({
      method: "POST",
      url: "/api/support/tickets",
      payload: {
        name: "Meera Devi",
        email: freshEmail("ticket-language"),
        queryType: "order_status",
        message: "मेरा ऑर्डर कब आएगा?",
      },
      headers: { origin: TEST_ORIGIN, "accept-language": "hi-IN,hi;q=0.9,en;q=0.5" },
      remoteAddress: freshAddress(),
    });
    expect(filed.statusCode, filed.body).toBe(201);
    const relations = await asRelations(ctx);
    const ticket = await relations({ method: "GET", url: `${TICKETS}/${filed.json().reference}` });
    expect(ticket.statusCode, ticket.body).toBe(200);
    expect(ticket.json().locale).toBe("hi");
  });

  it("writes the order's later mails in its language, the GST invoice labelled in it too", async () => {
    const { order } = await place("or");
    const manager = await salesManager(ctx.app);
    await manager.bringTo(order.orderNumber, "out_for_delivery");
    const mail = await latestMailTo(ctx, order.email);
    expect(mail.subject).toBe(`ଆପଣଙ୍କ ଅର୍ଡର ${order.orderNumber} ବାଟରେ ଅଛି`);
    expect(mail.textBody).toMatch(/^ନମସ୍କାର Sabita,/m);
    expect(mail.textBody).toContain("ରସିଆ ଆମ୍ବ");
    expect(mail.htmlBody).toContain('<html lang="or-IN">');
    const invoice = mail.attachments.find((file) => file.filename.startsWith("invoice-"));
    expect(invoice?.content).toMatch(
      /<h1>[^<]*[\u0B00-\u0B7F][^<]* \/ Tax Invoice<\/h1>|<h1>[^<]*[\u0B00-\u0B7F][^<]* \/ Bill of Supply<\/h1>/,
    );
    expect(invoice?.content).toContain("ରସିଆ ଆମ୍ବ / Juicy Mangoes");
  });
});
