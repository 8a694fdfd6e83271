// What API suites need to act as shoppers: a same-site Origin, a client address of their own,
// and a signed-up customer's session.
import type { StoreApp } from "../app.ts";

/** The Origin a browser on the store sends (the test app's PUBLIC_URL). */
export const TEST_ORIGIN = "http://localhost:3000";

let addresses = 0;
/** A client address of its own per call, so per-address limits stay out of a test's way. */
export const freshAddress = () =>
  `10.${100 + (Math.floor(++addresses / 62500) % 150)}.${Math.floor(addresses / 250) % 250}.${addresses % 250}`;

/** `name=value` of one cookie from a response's Set-Cookie headers. */
export function cookieOf(setCookie: string | string[] | undefined, name: string) {
  return [setCookie ?? []]
    .flat()
    .find((cookie) => cookie.startsWith(`${name}=`))
    ?.split(";")[0];
}

let customers = 0;

/** Signs a new customer up; answers their session cookie, id and email. */
export async function signUpCustomer(app: StoreApp, name = "Asha Das") {
  const email = `customer${Date.now()}${++customers}@example.in`;
  const response = await app.inject({
    method: "POST",
    url: "/api/auth/sign-up/email",
    payload: { name, email, password: "green mangoes ripen" },
    headers: { origin: TEST_ORIGIN },
    remoteAddress: freshAddress(),
  });
  if (response.statusCode !== 200) {
    throw new Error(`sign-up failed: ${response.statusCode} ${response.body}`);
  }
  const cookie = cookieOf(response.headers["set-cookie"], "fhh.session_token");
  if (!cookie) throw new Error("sign-up set no session cookie");
  return { cookie, email, userId: response.json().user.id as string };
}

let mobiles = 0;
/**
 * A mobile number of its own per call: the store keeps only a few open cash orders per number,
 * so suites placing many orders give each its own shopper.
 */
export const freshMobile = () =>
  `9${String(process.pid % 1000).padStart(3, "0")}${String(++mobiles % 1e6).padStart(6, "0")}`;

let emails = 0;
/**
 * An email address of its own per call: the store sends one address only a few unasked-for
 * emails an hour, so suites sending many forms give each its own recipient.
 */
export const freshEmail = (name = "shopper") => `${name}.${Date.now()}.${++emails}@example.in`;

type Method = "GET" | "PUT" | "POST" | "DELETE";

/**
 * A shopper's requests to the suite's app (read at each call: the app is built after the suite is
 * declared): the store's Origin, the session cookie when given, and a client address of their own
 * each time.
 */
export const shopperCalls =
  (ctx: { app: StoreApp }) =>
  (
    method: Method,
    url: string,
    cookie?: string,
    payload?: unknown,
    headers: Record<string, string> = {},
  ) =>
    ctx.app.inject({
      method,
      url,
      payload: payload as never,
      headers: { origin: TEST_ORIGIN, ...(cookie ? { cookie } : {}), ...headers },
      remoteAddress: freshAddress(),
    });
