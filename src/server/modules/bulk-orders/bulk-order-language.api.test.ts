// An event order's mails are written in the language its request was made in (decision 56): the
// storefront sends the page's language with the request, the row keeps it, and every mail about
// the request, whoever moves it on, reads it from there.
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { EVENT_TYPES } from "../../../shared/contracts/bulk-orders.ts";
import { EVENT_IN_SENTENCE, eventInSentence } from "../../../shared/rules/event-types.ts";
import { bulkOrders } from "../../db/schema/index.ts";
import { quoteAsRelations, requesterCalls } from "../../testing/bulk-orders.ts";
import { freshEmail } from "../../testing/customers.ts";
import { testDatabaseKinds, useTestApp } from "../../testing/test-app.ts";

const ODIA = /[\u0B00-\u0B7F]/;
const DEVANAGARI = /[\u0900-\u097F]/;

describe("the event words of the bulk mails", () => {
  it("are eventInSentence's English, so English mails say what they said", () => {
    for (const type of EVENT_TYPES) expect(EVENT_IN_SENTENCE[type]).toBe(eventInSentence(type));
  });
});

describe.each(testDatabaseKinds)("a bulk order's language on %s", (kind) => {
  const ctx = useTestApp(kind);
  const calls = requesterCalls(ctx);

  async function submitIn(acceptLanguage: string | undefined) {
    const email = freshEmail("bulk-language");
    const { ticketId } = await calls.submitted(
      { email },
      acceptLanguage === undefined ? {} : { "accept-language": acceptLanguage },
    );
    const [row] = await ctx.database.db
      .select({ locale: bulkOrders.locale })
      .from(bulkOrders)
      .where(eq(bulkOrders.ticketId, ticketId));
    const [mail] = await calls.mailsTo(email);
    return { ticketId, email, locale: row!.locale, mail: mail! };
  }

  it("acknowledges an Odia page's request in Odia", async () => {
    const { ticketId, locale, mail } = await submitIn("or");
    expect(locale).toBe("or");
    expect(mail.htmlBody).toContain('<html lang="or-IN">');
    expect(mail.subject).toContain(ticketId);
    expect(mail.subject).toMatch(ODIA);
    expect(mail.subject).not.toContain("We received");
    expect(mail.textBody.startsWith("ନମସ୍କାର,")).toBe(true);
    // The event (a wedding) and its type, in Odia.
    expect(mail.textBody).toContain("ବାହାଘର");
    expect(mail.textBody).not.toContain("Thank you for choosing");
    expect(mail.textBody).not.toContain("Your request");
  });

  it("acknowledges a Hindi page's request in Hindi", async () => {
    const { ticketId, locale, mail } = await submitIn("hi-IN,hi;q=0.9,en;q=0.5");
    expect(locale).toBe("hi");
    expect(mail.htmlBody).toContain('<html lang="hi-IN">');
    expect(mail.subject).toContain(ticketId);
    expect(mail.subject).toMatch(DEVANAGARI);
    expect(mail.textBody.startsWith("नमस्ते,")).toBe(true);
    expect(mail.textBody).toContain("शादी");
  });

  it("keeps an English request's mails in English", async () => {
    for (const header of [undefined, "en-IN", "fr-FR"]) {
      const { ticketId, locale, mail } = await submitIn(header);
      expect(locale, String(header)).toBe("en");
      expect(mail.subject).toBe(`We received your bulk order request ${ticketId}`);
      expect(mail.htmlBody).toContain('<html lang="en-IN">');
      expect(mail.textBody.startsWith("Hello,")).toBe(true);
      expect(mail.textBody).toContain(
        `Thank you for choosing Fresh Harvest Hub for your wedding. Your ticket ID is ${ticketId}.`,
      );
      expect(mail.textBody).not.toMatch(ODIA);
    }
  });

  it("writes the quote the desk sends (from its English dashboard) in the request's language", async () => {
    const { ticketId, email } = await submitIn("or");
    const quoted = await quoteAsRelations(ctx, ticketId, 20_000_00);
    expect(quoted.statusCode, quoted.body).toBe(200);
    const [mail] = await calls.mailsTo(email);
    expect(mail!.htmlBody).toContain('<html lang="or-IN">');
    expect(mail!.subject).toContain(ticketId);
    expect(mail!.subject).toContain("₹20,000.00");
    expect(mail!.subject).toMatch(ODIA);
    expect(mail!.textBody).not.toContain("Your quote is ready");
  });
});
