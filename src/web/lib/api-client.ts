import type { ErrorBody, ErrorCode } from "../../shared/contracts/errors.ts";

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

const NETWORK_MESSAGE = "We could not reach the store. Check your connection and try again.";

async function request<T>(
  method: string,
  path: string,
  body?: unknown,
  extraHeaders: Record<string, string> = {},
): Promise<T> {
  let response: Response;
  const headers: Record<string, string> = { accept: "application/json", ...extraHeaders };
  const isFile = body instanceof Blob;
  if (body !== undefined && !isFile) headers["content-type"] = "application/json";
  if (isFile) headers["content-type"] = body.type || "application/octet-stream";
  try {
    response = await fetch(path, {
      method,
      credentials: "same-origin",
      headers,
      body: body === undefined || isFile ? body : JSON.stringify(body),
    });
  } catch {
    throw new ApiError(0, "NETWORK", NETWORK_MESSAGE);
  }
  const text = await response.text();
  const data = text ? (JSON.parse(text) as unknown) : undefined;
  if (!response.ok) {
    const error = (data ?? {}) as Partial<ErrorBody>;
    throw new ApiError(
      response.status,
      error.code ?? "INTERNAL",
      error.message ?? "Something went wrong on our side. Please try again.",
      error.field,
      error,
    );
  }
  return data as T;
}

export const api = {
  get: <T>(path: string) => request<T>("GET", path),
  post: <T>(path: string, body: unknown, headers?: Record<string, string>) =>
    request<T>("POST", path, body, headers),
  put: <T>(path: string, body: unknown) => request<T>("PUT", path, body),
  delete: <T>(path: string) => request<T>("DELETE", path),
  /** A file as the raw body, typed as the browser read it (the server checks its bytes again). */
  putFile: <T>(path: string, file: Blob) => request<T>("PUT", path, file),
};

export function errorMessage(error: unknown): string {
  return error instanceof Error ? error.message : "Something went wrong. Please try again.";
}
