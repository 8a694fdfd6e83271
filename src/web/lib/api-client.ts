import type { ErrorBody, ErrorCode } from "../../shared/contracts/errors.ts";
import { DEFAULT_LOCALE, type Locale, splitLocale } from "../../shared/i18n/locales.ts";
import { sayInBrowser } from "./i18n/browser-translator.ts";

/** A failed API call, carrying the server's message so the page can show it as is. */
export class ApiError extends Error {
  override name = "ApiError";
  constructor(
    readonly status: number,
    readonly code: ErrorCode | "NETWORK",
    message: string,
    readonly field?: string,
    readonly body?: Partial<ErrorBody>,
  ) {
    super(message);
  }
}

const NETWORK_MESSAGE =
  /*i18n*/ "We could not reach the store. Check your connection and try again.";

/** The store could not be reached: for a request, or for code a page loads as it goes. */
export const networkError = () => new ApiError(0, "NETWORK", NETWORK_MESSAGE);
const SERVER_MESSAGE = /*i18n*/ "Something went wrong on our side. Please try again.";
const UNKNOWN_PROBLEM = /*i18n*/ "Something went wrong. Please try again.";
/** A fault on the store's side with its request's reference. Values: message, reference. */
const WITH_REFERENCE = /*i18n*/ "{message} (Reference: {reference})";

const NOT_JSON = Symbol("not JSON");
function parsed(text: string): unknown {
  if (!text) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return NOT_JSON;
  }
}

/**
 * The page's language, sent with every call: what the server keeps for this shopper (an order, a
 * ticket) remembers it, and its mails go out in it (decision 56).
 */
const pageLocale = (): Locale =>
  typeof window === "undefined" ? DEFAULT_LOCALE : splitLocale(window.location.pathname).locale;

async function request<T>(
  method: string,
  path: string,
  body?: unknown,
  extraHeaders: Record<string, string> = {},
  /** Sent even as the page is left (a language link's click): the browser finishes the call. */
  keepalive = false,
): Promise<T> {
  let response: Response;
  const headers: Record<string, string> = {
    accept: "application/json",
    "accept-language": pageLocale(),
    ...extraHeaders,
  };
  const isFile = body instanceof Blob;
  if (body !== undefined && !isFile) headers["content-type"] = "application/json";
  if (isFile) headers["content-type"] = body.type || "application/octet-stream";
  try {
    response = await fetch(path, {
      method,
      credentials: "same-origin",
      keepalive,
      headers,
      body: body === undefined || isFile ? body : JSON.stringify(body),
    });
  } catch {
    throw networkError();
  }
  const text = await response.text();
  const data = parsed(text);
  if (!response.ok || data === NOT_JSON) {
    // A proxy's own page (502, 503 while the store restarts) is not JSON: its status still says.
    const error = (data === NOT_JSON ? {} : (data ?? {})) as Partial<ErrorBody>;
    const requestId = error.requestId ?? response.headers.get("x-request-id") ?? undefined;
    throw new ApiError(
      response.status,
      error.code ?? (response.status === 503 ? "UNAVAILABLE" : "INTERNAL"),
      error.message ?? SERVER_MESSAGE,
      error.field,
      { ...error, ...(requestId && { requestId }) },
    );
  }
  return data as T;
}

export const api = {
  get: <T>(path: string) => request<T>("GET", path),
  post: <T>(path: string, body: unknown, headers?: Record<string, string>) =>
    request<T>("POST", path, body, headers),
  put: <T>(path: string, body: unknown, options: { keepalive?: boolean } = {}) =>
    request<T>("PUT", path, body, {}, options.keepalive),
  delete: <T>(path: string) => request<T>("DELETE", path),
  /** A file as the raw body, typed as the browser read it (the server checks its bytes again). */
  putFile: <T>(path: string, file: Blob) => request<T>("PUT", path, file),
};

/**
 * What to tell the person about a failed call, in the page's language where the page has the
 * words. A fault on the store's side names its request, so a shopper who writes to support can
 * be traced in the logs.
 */
export function errorMessage(error: unknown): string {
  if (!(error instanceof Error)) return sayInBrowser(UNKNOWN_PROBLEM);
  const message = sayInBrowser(error.message);
  const reference = error instanceof ApiError && error.status >= 500 && error.body?.requestId;
  return reference ? sayInBrowser(WITH_REFERENCE, { message, reference }) : message;
}
