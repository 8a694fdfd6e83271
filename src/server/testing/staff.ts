// What API suites need to act as the shop's staff: a signed-in member's session cookie.
import type { StaffRole } from "../../shared/rules/staff.ts";
import type { StoreApp } from "../app.ts";
import { STAFF_MEMBERS } from "../modules/staff/staff-members.ts";
import { type CookieJar, cookieHeaderOf, keepCookies } from "./cookie-jar.ts";
import { cookieOf, freshAddress, TEST_ORIGIN } from "./customers.ts";
import { totpCodeOfStep, totpSecretOf, totpStepAt } from "./totp.ts";

export const STAFF_SESSION_COOKIE = "fhh_staff.session_token";

export function seededMember(role: StaffRole) {
  const member = STAFF_MEMBERS.find((candidate) => candidate.role === role);
  if (!member) throw new Error(`no staff member for ${role}`);
  return member;
}

const signedIn = new WeakMap<StoreApp, Map<StaffRole, Promise<string>>>();

/**
 * A member's session cookie (Cookie header value) on this app, signed in with their demo
 * password once and kept: each sign-in hashes a password and opens a session, which a suite's
 * tests need not pay for again. `fresh` signs in again, for a test that ends the session.
 */
export function signInStaff(
  app: StoreApp,
  role: StaffRole,
  { fresh = false }: { fresh?: boolean } = {},
): Promise<string> {
  if (fresh) return signInAgain(app, role);
  const sessions = signedIn.get(app) ?? new Map<StaffRole, Promise<string>>();
  signedIn.set(app, sessions);
  let session = sessions.get(role);
  if (!session) {
    session = signInAgain(app, role);
    sessions.set(role, session);
  }
  return session;
}

async function signInAgain(app: StoreApp, role: StaffRole): Promise<string> {
  const member = seededMember(role);
  const response = await app.inject({
    method: "POST",
    url: "/api/staff/auth/sign-in/username",
    payload: { username: member.username, password: member.demoPassword },
    headers: { origin: TEST_ORIGIN },
    remoteAddress: freshAddress(),
  });
  if (response.statusCode !== 200) {
    throw new Error(`staff sign-in failed: ${response.statusCode} ${response.body}`);
  }
  const cookie = cookieOf(response.headers["set-cookie"], STAFF_SESSION_COOKIE);
  if (!cookie) throw new Error("staff sign-in set no session cookie");
  return cookie;
}

/** The same over a real socket, for streams `inject` cannot read (baseUrl: the listening app). */
export async function signInStaffOver(baseUrl: string, role: StaffRole): Promise<string> {
  const member = seededMember(role);
  const response = await fetch(`${baseUrl}/api/staff/auth/sign-in/username`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: TEST_ORIGIN },
    body: JSON.stringify({ username: member.username, password: member.demoPassword }),
  });
  if (response.status !== 200) {
    throw new Error(`staff sign-in failed: ${response.status} ${await response.text()}`);
  }
  const cookie = cookieOf(response.headers.getSetCookie(), STAFF_SESSION_COOKIE);
  if (!cookie) throw new Error("staff sign-in set no session cookie");
  return cookie;
}

/** A POST through the staff sign-in as a browser would send it, keeping the cookies it is given. */
async function staffCall(app: StoreApp, jar: CookieJar, url: string, payload: object) {
  const response = await app.inject({
    method: "POST",
    url,
    payload,
    headers: { origin: TEST_ORIGIN, cookie: cookieHeaderOf(jar) },
    remoteAddress: freshAddress(),
  });
  if (response.statusCode !== 200)
    throw new Error(`${url}: ${response.statusCode} ${response.body}`);
  keepCookies(jar, response.headers["set-cookie"]);
  return response.json();
}

/**
 * A member with demo mode off, signed in and enrolled in the second factor with a code computed
 * from the secret the enrolment shows (the store lets nothing else through first): their session
 * (Cookie header value), the authenticator's secret, and the time step whose code enrolled them
 * (taken, so the next sign-in needs a later one). `step` picks an earlier still-valid code.
 */
export async function enrolStaff(
  app: StoreApp,
  role: StaffRole,
  { step }: { step?: (current: number) => number } = {},
): Promise<{ cookie: string; secret: string; step: number }> {
  const member = seededMember(role);
  const jar: CookieJar = new Map();
  await staffCall(app, jar, "/api/staff/auth/sign-in/username", {
    username: member.username,
    password: member.demoPassword,
  });
  const { totpURI } = await staffCall(app, jar, "/api/staff/auth/two-factor/enable", {
    password: member.demoPassword,
  });
  const secret = totpSecretOf(totpURI);
  const used = step ? step(totpStepAt()) : totpStepAt();
  await staffCall(app, jar, "/api/staff/auth/two-factor/verify-totp", {
    code: totpCodeOfStep(secret, used),
  });
  return { cookie: cookieHeaderOf(jar), secret, step: used };
}

/** A member's session with demo mode off, enrolled in the second factor (see enrolStaff). */
export async function signInEnrolledStaff(app: StoreApp, role: StaffRole): Promise<string> {
  return (await enrolStaff(app, role)).cookie;
}

/** The password step of an enrolled member's sign-in: the cookies that wait for the code. */
export async function startStaffSignIn(app: StoreApp, role: StaffRole): Promise<CookieJar> {
  const member = seededMember(role);
  const jar: CookieJar = new Map();
  const answer = await staffCall(app, jar, "/api/staff/auth/sign-in/username", {
    username: member.username,
    password: member.demoPassword,
  });
  if (!answer.twoFactorRedirect) throw new Error(`${role} is not asked for a code`);
  return jar;
}
