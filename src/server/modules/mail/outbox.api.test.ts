import { eq, inArray } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { mailOutbox } from "../../db/schema/index.ts";
import { sansRequestId } from "../../testing/error-body.ts";
import { testDatabaseKinds, useTestApp } from "../../testing/test-app.ts";
import { type Letter, letterMail, letterTemplate } from "./letter.tsx";
import { enqueueMail, type OutgoingMail } from "./outbox.ts";

const invoiceHtml =
  "<!doctype html><html><body><h1>Tax Invoice FHH-123456</h1><p>Ghee ₹650.00</p></body></html>";

const letter = (subject: string): Letter => ({
  subject,
  title: "Thank you",
  greeting: null,
  paragraphs: ["Thank you for your order FHH-123456."],
});

const confirmation = (subject: string): OutgoingMail => ({
  to: "asha@example.in",
  ...letterMail(letter(subject)),
  attachments: [
    { filename: "invoice-FHH-123456.html", contentType: "text/html", content: invoiceHtml },
  ],
});

describe.each(testDatabaseKinds)("mail outbox and mailbox on %s", (kind) => {
  const ctx = useTestApp(kind, { DEMO_MODE: "true" });
  const rowsWithSubject = (subject: string) =>
    ctx.database.db.select().from(mailOutbox).where(eq(mailOutbox.subject, subject));

  it("writes nothing when the caller's transaction rolls back", async () => {
    const subject = "Order FHH-000001 confirmed (rolled back)";
    await expect(
      ctx.database.db.transaction(async (tx) => {
        await enqueueMail(tx, confirmation(subject));
        throw new Error("payment declined");
      }),
    ).rejects.toThrow("payment declined");
    expect(await rowsWithSubject(subject)).toEqual([]);
  });

  it("commits the mail with the caller's transaction, pending until the worker runs", async () => {
    const subject = "Order FHH-000002 confirmed";
    const { id } = await ctx.database.db.transaction((tx) =>
      enqueueMail(tx, confirmation(subject)),
    );
    const [row] = await rowsWithSubject(subject);
    expect(row).toMatchObject({ id, status: "pending", attempts: 0, toAddress: "asha@example.in" });
    expect(row!.attachments).toEqual(confirmation(subject).attachments);
  });

  it("keeps mail in the outbox without SMTP and shows it in the mailbox", async () => {
    const subject = "Your Fresh Harvest Hub order FHH-123456";
    const { id } = await enqueueMail(ctx.database.db, confirmation(subject));
    const report = await ctx.app.mail.deliverDue();
    expect(report.stored).toBeGreaterThanOrEqual(1);
    expect(report.sent).toBe(0);
    const [row] = await rowsWithSubject(subject);
    expect(row).toMatchObject({ status: "stored", attempts: 0, lockedUntil: null, sentAt: null });
    // Kept as the template and its data; the mailbox draws it when it is opened.
    expect(row).toMatchObject({ template: "letter", data: letter(subject), textBody: null });

    const list = await ctx.app.inject({ method: "GET", url: "/api/dev/mailbox" });
    expect(list.statusCode).toBe(200);
    expect(list.headers["cache-control"]).toBe("no-store");
    const listed = list.json().messages.find((message: { id: number }) => message.id === id);
    expect(listed).toEqual({
      id,
      to: "asha@example.in",
      subject,
      status: "stored",
      createdAt: row!.createdAt.toISOString(),
      attachments: [{ filename: "invoice-FHH-123456.html", contentType: "text/html" }],
    });

    const detail = await ctx.app.inject({ method: "GET", url: `/api/dev/mailbox/${id}` });
    expect(detail.statusCode).toBe(200);
    expect(detail.json()).toMatchObject({
      id,
      subject,
      status: "stored",
      ...letterTemplate.render(letter(subject)),
      attempts: 0,
      lastError: null,
      sentAt: null,
    });

    const file = await ctx.app.inject({
      method: "GET",
      url: `/api/dev/mailbox/${id}/attachments/0`,
    });
    expect(file.statusCode).toBe(200);
    expect(file.headers["content-type"]).toBe("text/html; charset=utf-8");
    expect(file.headers["content-disposition"]).toBe(
      'attachment; filename="invoice-FHH-123456.html"',
    );
    expect(file.headers["content-security-policy"]).toContain("sandbox");
    expect(file.body).toBe(invoiceHtml);
  });

  it("answers 404 for a missing mail or attachment and 400 for a malformed id", async () => {
    const { id } = await enqueueMail(ctx.database.db, confirmation("No such attachment"));
    const missingAttachment = await ctx.app.inject({
      method: "GET",
      url: `/api/dev/mailbox/${id}/attachments/1`,
    });
    expect(missingAttachment.statusCode).toBe(404);
    expect(missingAttachment.json()).toMatchObject({ code: "NOT_FOUND" });
    const missingMail = await ctx.app.inject({ method: "GET", url: "/api/dev/mailbox/99999999" });
    expect(missingMail.statusCode).toBe(404);
    expect(sansRequestId(missingMail.json())).toEqual({
      code: "NOT_FOUND",
      message: "No email with id 99999999",
    });
    const malformed = await ctx.app.inject({ method: "GET", url: "/api/dev/mailbox/first" });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json()).toMatchObject({ code: "VALIDATION_FAILED", field: "id" });
  });

  it("lists the newest 50, newest first, without bodies", async () => {
    const subjects = Array.from({ length: 55 }, (_, i) => `Bulk ${i}`);
    await ctx.database.db.transaction(async (tx) => {
      for (const subject of subjects) {
        await enqueueMail(tx, { to: "ops@example.in", ...letterMail(letter(subject)) });
      }
    });
    await ctx.app.mail.deliverDue();
    const response = await ctx.app.inject({ method: "GET", url: "/api/dev/mailbox" });
    const messages = response.json().messages as { id: number; subject: string }[];
    expect(messages).toHaveLength(50);
    expect(messages[0]!.subject).toBe("Bulk 54");
    expect(messages.map((message) => message.id)).toEqual(
      [...messages.map((message) => message.id)].sort((a, b) => b - a),
    );
    expect(messages[0]).not.toHaveProperty("text");
    expect(messages[0]).not.toHaveProperty("html");
    const stored = await ctx.database.db
      .select({ status: mailOutbox.status })
      .from(mailOutbox)
      .where(inArray(mailOutbox.subject, subjects));
    expect(stored.every((row) => row.status === "stored")).toBe(true);
  });

  it("offers a safe download name for any attachment name", async () => {
    const { id } = await enqueueMail(ctx.database.db, {
      to: "a@example.in",
      ...letterMail(letter("Odd names")),
      attachments: [
        { filename: 'a"b\r\nc.txt', contentType: "text/plain", content: "x" },
        { filename: "बिल.txt", contentType: "text/plain; charset=utf-8", content: "y" },
      ],
    });
    const quoted = await ctx.app.inject({ url: `/api/dev/mailbox/${id}/attachments/0` });
    expect(quoted.headers["content-disposition"]).toBe('attachment; filename="a_b_c.txt"');
    const unicode = await ctx.app.inject({ url: `/api/dev/mailbox/${id}/attachments/1` });
    expect(unicode.headers["content-type"]).toBe("text/plain; charset=utf-8");
    expect(unicode.headers["content-disposition"]).toBe(
      `attachment; filename="___.txt"; filename*=UTF-8''${encodeURIComponent("बिल.txt")}`,
    );
  });

  it("refuses an empty recipient", async () => {
    await expect(
      enqueueMail(ctx.database.db, { to: "  ", ...letterMail(letter("s")) }),
    ).rejects.toThrow("recipient");
  });

  it("shows a mail written before templates from its bodies, and keeps no row without either", async () => {
    const [row] = await ctx.database.db
      .insert(mailOutbox)
      .values({
        toAddress: "asha@example.in",
        subject: "Written with its bodies",
        textBody: "Thank you for your order FHH-123456.",
        htmlBody: "<p>Thank you for your order <strong>FHH-123456</strong>.</p>",
      })
      .returning({ id: mailOutbox.id });
    const detail = await ctx.app.inject({ method: "GET", url: `/api/dev/mailbox/${row!.id}` });
    expect(detail.json()).toMatchObject({
      text: "Thank you for your order FHH-123456.",
      html: "<p>Thank you for your order <strong>FHH-123456</strong>.</p>",
    });
    await expect(
      ctx.database.db
        .insert(mailOutbox)
        .values({ toAddress: "asha@example.in", subject: "Nothing to send", textBody: "t" }),
    ).rejects.toThrow();
  });
});

describe.each(testDatabaseKinds)("mailbox with demo mode off on %s", (kind) => {
  // A real store's settings; no mail is delivered here, so the SMTP address is never dialled.
  const ctx = useTestApp(kind, {
    DEMO_MODE: "false",
    PUBLIC_URL: "https://shop.example.in",
    SMTP_URL: "smtp://127.0.0.1:2525",
    SELLER_GSTIN: "21AAAFH0000A1Z5",
    AUTH_SECRET: "a-long-random-secret-of-at-least-32-chars",
    PAYMENT_PROVIDER: "none",
  });

  it.each([
    "/api/dev/mailbox",
    "/api/dev/mailbox/1",
    "/api/dev/mailbox/1/attachments/0",
    "/api/dev/mailbox/not-a-number",
  ])("answers GET %s with 404", async (url) => {
    const response = await ctx.app.inject({ method: "GET", url });
    expect(response.statusCode).toBe(404);
    expect(sansRequestId(response.json())).toEqual({
      code: "NOT_FOUND",
      message: "The mailbox is only available in demo mode",
    });
  });

  it("leaves the mailbox out of the API document", async () => {
    // The document as the app makes it: /api/docs itself is for staff when demo mode is off.
    const document = ctx.app.swagger() as { paths: Record<string, unknown> };
    expect(Object.keys(document.paths).some((path) => path.startsWith("/api/dev/"))).toBe(false);
  });
});
