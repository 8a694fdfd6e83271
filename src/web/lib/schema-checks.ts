// A form's checks from the shared zod schema its request is parsed with again by the server.
// zod is a type here: a page pays for it only with the schema itself.
import type { z } from "zod";
import type { FieldProblems, FormChecks } from "./form-checks.ts";

export type SchemaCheckOptions<Values> = {
  /**
   * What the schema is given, where the fields hold something else than the request (rupees for
   * paise, numbers as typed text, the fields of every choice): by default the values themselves.
   */
  request?: (values: Values) => unknown;
  /** The form's field for a schema field it names otherwise ("pricePaise" is typed as "price"). */
  fieldOf?: Readonly<Record<string, string>>;
};

/** What the schema accepts is its input, whatever type the form held it in. */
export function acceptsInput<S extends z.ZodType>(schema: S, value: unknown): value is z.input<S> {
  return schema.safeParse(value).success;
}

/** Each field's first problem among the schema's issues, under the form's name for the field. */
export function problemsOf(
  issues: z.ZodError["issues"],
  fieldOf: Readonly<Record<string, string>> = {},
): FieldProblems {
  const problems: FieldProblems = {};
  for (const issue of issues) {
    const path = issue.path.join(".");
    problems[fieldOf[path] ?? path] ??= issue.message;
  }
  return problems;
}

/** The schema's checks: what it parses the values into is what the form sends. */
export function schemaChecks<S extends z.ZodType, Values = unknown>(
  schema: S,
  { request, fieldOf }: SchemaCheckOptions<Values> = {},
): FormChecks<Values, z.output<S>> {
  return (values) => {
    const parsed = schema.safeParse(request ? request(values) : values);
    if (parsed.success) return { ok: true, request: parsed.data };
    return { ok: false, problems: problemsOf(parsed.error.issues, fieldOf) };
  };
}

/**
 * The schema's checks, with the values sent as typed: the server parses them again, and what a
 * schema makes of its input (a normalised phone number, a default) need not be its input.
 */
export function typedSchemaChecks<S extends z.ZodType, Values = unknown>(
  schema: S,
  { request, fieldOf }: SchemaCheckOptions<Values> = {},
): FormChecks<Values, z.input<S>> {
  return (values) => {
    const given = request ? request(values) : values;
    if (acceptsInput(schema, given)) return { ok: true, request: given };
    const issues = schema.safeParse(given).error?.issues ?? [];
    return { ok: false, problems: problemsOf(issues, fieldOf) };
  };
}
