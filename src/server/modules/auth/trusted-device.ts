import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import { SIGN_IN_GUARD } from "../../../shared/rules/sign-in-guard.ts";

// A browser that signed in to an account carries a cookie naming the accounts it signed in to,
// signed under a key made from the store's secret. The sign-in guard lets such a device past the
// limits that hold back a guesser, so the owner gets in while someone else is guessing. The
// cookie holds no address or username: each account is a keyed tag only this store can make, so
// a device trusted for one account (the guesser's own) is trusted for no other, and an edited,
// made-up or expired cookie is no cookie at all.

/** Random, per device: what its own failures are counted under. */
const DEVICE_ID = /^[A-Za-z0-9_-]{22}$/;
const TAG_LENGTH = 16;
const MAC_LENGTH = 43;
const COOKIE = new RegExp(
  `^([A-Za-z0-9_-]{22})\\.(\\d{1,12})\\.((?:[A-Za-z0-9_-]{${TAG_LENGTH}})(?:~[A-Za-z0-9_-]{${TAG_LENGTH}}){0,${SIGN_IN_GUARD.trustedAccountsPerDevice - 1}})\\.([A-Za-z0-9_-]{${MAC_LENGTH}})$`,
);

export type TrustedDevice = { id: string; tags: string[] };

export type DeviceTrust = {
  /** The cookie's name: `__Host-` under https, so no subdomain or plain-http answer can set it. */
  cookieName: string;
  /** The device the cookie proves, if it is one this store signed and it has not expired. */
  read(cookie: string | undefined, now: number): TrustedDevice | undefined;
  /** Whether the device signed in to this account (its key in the limits' counters). */
  trusts(device: TrustedDevice | undefined, account: string): boolean;
  /** The cookie after a sign-in to `account`: the same device, with the account first. */
  issue(
    device: TrustedDevice | undefined,
    account: string,
    now: number,
  ): {
    name: string;
    value: string;
    options: {
      httpOnly: true;
      secure: boolean;
      sameSite: "strict";
      path: "/";
      maxAge: number;
    };
  };
};

/**
 * Trusted devices of one sign-in (`namespace`: the customers' or the staff's), each with a
 * cookie of its own, so a customer's device is never taken for a staff member's.
 */
export function deviceTrust(
  storeSecret: string,
  { namespace, cookie, secure }: { namespace: string; cookie: string; secure: boolean },
): DeviceTrust {
  const key = createHmac("sha256", storeSecret).update("trusted-devices").digest();
  const cookieName = secure ? `__Host-${cookie}` : cookie;
  const keyed = (text: string) => createHmac("sha256", key).update(`${namespace}|${text}`);
  const tagOf = (account: string) =>
    keyed(`account:${account}`).digest("base64url").slice(0, TAG_LENGTH);
  const macOf = (payload: string) => keyed(`cookie:${payload}`).digest("base64url");
  const lifetimeMs = SIGN_IN_GUARD.trustedDeviceMs;

  return {
    cookieName,
    read(value, now) {
      const parts = value ? COOKIE.exec(value) : null;
      if (!parts) return undefined;
      const [, id, issued, tags, mac] = parts as unknown as [
        string,
        string,
        string,
        string,
        string,
      ];
      const expected = Buffer.from(macOf(`${id}.${issued}.${tags}`));
      if (!timingSafeEqual(Buffer.from(mac), expected)) return undefined;
      const issuedMs = Number(issued) * 1000;
      // Issued in the future is a clock far off, or a forgery under a leaked key: neither counts.
      if (issuedMs > now + 60_000 || now - issuedMs >= lifetimeMs) return undefined;
      return { id, tags: tags.split("~") };
    },
    trusts(device, account) {
      return device?.tags.includes(tagOf(account)) ?? false;
    },
    issue(device, account, now) {
      const id =
        device && DEVICE_ID.test(device.id) ? device.id : randomBytes(16).toString("base64url");
      const tag = tagOf(account);
      const tags = [tag, ...(device?.tags ?? []).filter((other) => other !== tag)].slice(
        0,
        SIGN_IN_GUARD.trustedAccountsPerDevice,
      );
      const payload = `${id}.${Math.floor(now / 1000)}.${tags.join("~")}`;
      return {
        name: cookieName,
        value: `${payload}.${macOf(payload)}`,
        options: {
          httpOnly: true,
          secure,
          sameSite: "strict",
          path: "/",
          maxAge: Math.floor(lifetimeMs / 1000),
        },
      };
    },
  };
}
