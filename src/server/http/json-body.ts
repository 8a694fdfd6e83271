import type { FastifyInstance, FastifyRequest } from "fastify";
import { isStorableText, SAFE_TEXT_MESSAGES } from "../../shared/rules/safe-text.ts";
import { AppError } from "./app-error.ts";

/** Our deepest request is 4 levels; anything far deeper is an attack on whoever walks it. */
export const MAX_JSON_DEPTH = 32;

export const JSON_BODY_MESSAGES = {
  mediaType:
    "This API takes JSON: send the body as UTF-8 with the header Content-Type: application/json.",
  empty: "The request body is empty. Send a JSON document.",
  utf8: "The request body is not valid UTF-8 text.",
  syntax: "The request body is not valid JSON.",
  depth: `The request body is nested too deeply: at most ${MAX_JSON_DEPTH} levels.`,
  number: `must be a finite number of at most ${Number.MAX_SAFE_INTEGER} in size`,
  proto: "must not be __proto__ or constructor.prototype",
} as const;

// One decoder for every request: `fatal` refuses broken bytes instead of replacing them with U+FFFD.
const utf8 = new TextDecoder("utf-8", { fatal: true });

type Problem = { path: string[]; message: string };

/**
 * A fatal decoder leaves no raw surrogate and JSON allows no raw NUL, so only an escape such as
 * \u0000 or \ud83d can put one in a string; a body without one needs no string checks.
 */
const MAY_SPELL_NUL_OR_SURROGATE = /\\u(?:0000|d[89a-f])/i;

/**
 * One walk over the parsed document checks its depth, its numbers, its keys and (only when the
 * text may spell U+0000 or a surrogate) its strings.
 * The path is built on the way back, so a clean document costs no allocations.
 */
function inspect(value: unknown, depth: number, strings: boolean): Problem | undefined {
  switch (typeof value) {
    case "string":
      return strings && !isStorableText(value)
        ? { path: [], message: SAFE_TEXT_MESSAGES.text }
        : undefined;
    case "number":
      return Math.abs(value) <= Number.MAX_SAFE_INTEGER
        ? undefined
        : { path: [], message: JSON_BODY_MESSAGES.number };
    case "object": {
      if (value === null) return undefined;
      if (depth >= MAX_JSON_DEPTH) return { path: [], message: JSON_BODY_MESSAGES.depth };
      if (Array.isArray(value)) {
        for (let index = 0; index < value.length; index++) {
          const problem = inspect(value[index], depth + 1, strings);
          if (problem) {
            problem.path.unshift(String(index));
            return problem;
          }
        }
        return undefined;
      }
      const record = value as Record<string, unknown>;
      const keys = Object.keys(record);
      for (let index = 0; index < keys.length; index++) {
        const key = keys[index]!;
        const child = record[key];
        const problem =
          key === "__proto__" ||
          (key === "constructor" &&
            typeof child === "object" &&
            child !== null &&
            Object.hasOwn(child, "prototype"))
            ? { path: [], message: JSON_BODY_MESSAGES.proto }
            : strings && !isStorableText(key)
              ? { path: [], message: `has a name that ${SAFE_TEXT_MESSAGES.text}` }
              : inspect(child, depth + 1, strings);
        if (problem) {
          problem.path.unshift(key);
          return problem;
        }
      }
      return undefined;
    }
    default:
      return undefined;
  }
}

/** Only UTF-8 (the JSON default) is accepted; a body in another charset would be misread. */
function hasForeignCharset(contentType: string | undefined): boolean {
  const charset = /;\s*charset\s*=\s*"?([^";\s]*)/i.exec(contentType ?? "")?.[1];
  return charset !== undefined && !/^utf-?8$/i.test(charset);
}

const invalid = (message: string, field?: string) =>
  new AppError("VALIDATION_FAILED", message, field);

/** Parses a JSON request body, or throws the 4xx that says what is wrong with it. */
export function parseJsonBody(contentType: string | undefined, body: Buffer): unknown {
  if (hasForeignCharset(contentType)) {
    throw new AppError("UNSUPPORTED_MEDIA_TYPE", JSON_BODY_MESSAGES.mediaType);
  }
  if (body.length === 0) throw invalid(JSON_BODY_MESSAGES.empty);
  let text: string;
  try {
    text = utf8.decode(body);
  } catch {
    throw invalid(JSON_BODY_MESSAGES.utf8);
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw invalid(JSON_BODY_MESSAGES.syntax);
  }
  const problem = inspect(value, 0, MAY_SPELL_NUL_OR_SURROGATE.test(text));
  if (problem) {
    if (problem.message === JSON_BODY_MESSAGES.depth) throw invalid(problem.message);
    const field = problem.path.join(".") || "body";
    throw invalid(`${field}: ${problem.message}`, field);
  }
  return value;
}

/**
 * The server's one JSON body parser, in place of Fastify's: the body limit (413) still applies
 * before it runs. The API takes nothing but JSON, so every other content type is a 415.
 */
export function registerJsonBody(app: FastifyInstance): void {
  app.removeContentTypeParser(["application/json", "text/plain"]);
  app.addContentTypeParser(
    "application/json",
    { parseAs: "buffer" },
    (
      request: FastifyRequest,
      body: Buffer,
      done: (error: Error | null, body?: unknown) => void,
    ) => {
      try {
        done(null, parseJsonBody(request.headers["content-type"], body));
      } catch (error) {
        done(error as Error);
      }
    },
  );
}
