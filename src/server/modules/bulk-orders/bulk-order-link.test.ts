import { describe, expect, it } from "vitest";
import { bulkAccessQuerySchema } from "../../../shared/contracts/bulk-orders.ts";
import { confirmationLink, isLinkToken, LINK_LIFETIME_MS, linkToken } from "./bulk-order-link.ts";

const SECRET = "link-key-for-tests";
const TICKET = "BOR-261201-4321";
const sent = new Date("2026-12-01T10:00:00Z");
const later = (ms: number) => new Date(sent.getTime() + ms);
const DAY = 24 * 60 * 60 * 1000;

const tokenOf = (link: string) => new URL(link).searchParams.get("token")!;

describe("the emailed link to a bulk request", () => {
  const token = tokenOf(confirmationLink("https://shop.example/", SECRET, TICKET, sent));

  it("opens the request for 30 days from the email, and not a second longer", () => {
    expect(LINK_LIFETIME_MS).toBe(30 * DAY);
    expect(isLinkToken(SECRET, TICKET, token, sent)).toBe(true);
    expect(isLinkToken(SECRET, TICKET, token, later(30 * DAY - 1000))).toBe(true);
    expect(isLinkToken(SECRET, TICKET, token, later(30 * DAY))).toBe(false);
    expect(isLinkToken(SECRET, TICKET, token, later(400 * DAY))).toBe(false);
  });

  it("is a token the page and the API accept", () => {
    expect(bulkAccessQuerySchema.safeParse({ token }).success).toBe(true);
  });

  it("cannot be extended by editing the expiry it carries", () => {
    const mac = token.slice(0, 32);
    const expiry = Number(token.slice(32));
    for (const edited of [
      `${mac}${expiry + 1}`,
      `${mac}${expiry + 10 * 365 * 24 * 3600}`,
      `${mac}9${expiry}`,
      `${mac}0${expiry}`,
      `${mac}99999999999`,
      `${mac}`,
      `${mac}${expiry}0`,
    ]) {
      expect(isLinkToken(SECRET, TICKET, edited, later(31 * DAY)), edited).toBe(false);
    }
    // The only way to a later expiry is the secret.
    const forged = linkToken("another secret", TICKET, later(365 * DAY));
    expect(isLinkToken(SECRET, TICKET, forged, later(31 * DAY))).toBe(false);
  });

  it("opens only its own ticket, and nothing opens with a malformed token", () => {
    expect(isLinkToken(SECRET, "BOR-261201-4322", token, sent)).toBe(false);
    expect(isLinkToken("another secret", TICKET, token, sent)).toBe(false);
    for (const bad of [undefined, "", token.slice(1), `${token.slice(0, 32)}-1`, ` ${token}`]) {
      expect(isLinkToken(SECRET, TICKET, bad, sent)).toBe(false);
    }
  });

  it("made later expires later: each new email renews access", () => {
    const renewed = tokenOf(
      confirmationLink("https://shop.example", SECRET, TICKET, later(20 * DAY)),
    );
    expect(renewed).not.toBe(token);
    expect(isLinkToken(SECRET, TICKET, token, later(35 * DAY))).toBe(false);
    expect(isLinkToken(SECRET, TICKET, renewed, later(35 * DAY))).toBe(true);
    expect(isLinkToken(SECRET, TICKET, renewed, later(50 * DAY))).toBe(false);
  });
});
