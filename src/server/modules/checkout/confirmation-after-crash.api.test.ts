// The outbox row is the promise of a mail: an order's confirmation is kept as its template and
// data in the order's own statement, so an instance that stops before drawing or sending it
// loses nothing. Another instance on the same database draws it and sends it, once.
import { eq } from "drizzle-orm";
import { describe, expect, it, vi } from "vitest";
import { buildApp } from "../../app.ts";
import { loadConfig } from "../../config.ts";
import { mailOutbox } from "../../db/schema/index.ts";
import { drawnMails } from "../../testing/outbox-mail.ts";
import { placeTestOrder } from "../../testing/sales.ts";
import { useSmtpListener } from "../../testing/smtp-listener.ts";
import { testDatabaseKinds, useTestApp } from "../../testing/test-app.ts";

const MAIL_FROM = "Fresh Harvest Hub <orders@freshharvesthub.in>";

/** The plain-text part of a message as nodemailer writes it (quoted-printable, UTF-8). */
function textPartOf(raw: string): string {
  const part =
    /Content-Type: text\/plain[^\r\n]*\r\nContent-Transfer-Encoding: ([^\r\n]+)\r\n\r\n([\s\S]*?)\r\n--/.exec(
      raw,
    );
  if (!part) throw new Error("the message has no plain-text part");
  const [, encoding, body] = part;
  if (encoding !== "quoted-printable") return body!.replaceAll("\r\n", "\n");
  const bytes = body!
    .replace(/=\r\n/g, "")
    .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
  return Buffer.from(bytes, "latin1").toString("utf8").replaceAll("\r\n", "\n");
}

describe.each(testDatabaseKinds)(
  "an order's confirmation after its instance stops on %s",
  (kind) => {
    const env: Record<string, string> = { MAIL_FROM };
    const smtp = useSmtpListener(env);
    const ctx = useTestApp(kind, env);

    it("is sent once by the next instance, with the words the order's mail always had", async () => {
      const config = loadConfig({
        NODE_ENV: "test",
        WEB_DIST_DIR: "./.tmp/no-web-build",
        LOG_LEVEL: "silent",
        ...env,
      });
      // The instance that takes the order stops before its mail worker ever runs.
      const placing = await buildApp({ config, database: ctx.database, logger: false });
      await placing.ready();
      const order = await placeTestOrder(placing, [{ productId: "mangoes", quantity: 1_000 }]);
      await placing.close();

      const [kept] = await drawnMails(
        ctx.database.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, order.email)),
      );
      expect(kept).toMatchObject({
        status: "pending",
        attempts: 0,
        template: "order-confirmation",
        textBody: expect.stringContaining(order.orderNumber),
      });
      expect(kept!.htmlBody).toContain(order.orderNumber);
      const sent = () =>
        smtp.received.filter((mail) => mail.rcptTo.includes(order.email.toLowerCase()));

      const sending = await buildApp({ config, database: ctx.database, logger: false });
      await sending.ready();
      try {
        sending.mail.start();
        await vi.waitFor(() => expect(sent()).toHaveLength(1), { timeout: 10_000, interval: 100 });
        await sending.mail.stop();
        // Nothing left to send: a later pass sends it no second time.
        expect(await sending.mail.deliverDue()).toMatchObject({ sent: 0 });
      } finally {
        await sending.close();
      }
      expect(sent()).toHaveLength(1);
      const text = textPartOf(sent()[0]!.raw);
      expect(text).toBe(kept!.textBody);
      expect(text.startsWith("Hello,\n")).toBe(true);
      expect(text).toContain(`We have received your order ${order.orderNumber}.`);
      expect(text).toMatch(/View your order: https?:\/\/\S+/);
      const [row] = await ctx.database.db
        .select()
        .from(mailOutbox)
        .where(eq(mailOutbox.toAddress, order.email));
      expect(row).toMatchObject({ status: "sent", attempts: 1 });
    });
  },
);
