import type { FastifyRequest } from "fastify";
import { AppError } from "./app-error.ts";

const PREFIX = "No route for ";

/** The answer to a path the store does not serve; also given where a path must look unserved. */
export function noRoute(request: Pick<FastifyRequest, "method" | "url">): AppError {
  return new AppError("NOT_FOUND", `${PREFIX}${request.method} ${request.url.split("?")[0]}`);
}

export const isNoRouteMessage = (message: string | undefined) => !!message?.startsWith(PREFIX);
