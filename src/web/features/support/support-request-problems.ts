import { supportRequestSchema } from "../../../shared/contracts/support.ts";

/**
 * Each field's first problem under the schema the server parses the request with, by field
 * name; empty when the form may be sent. The contact form loads this (and zod with it) only once
 * a person starts on the form, not with the page.
 */
export function supportRequestProblems(values: Record<string, string>): Record<string, string> {
  const parsed = supportRequestSchema.safeParse(values);
  const problems: Record<string, string> = {};
  if (parsed.success) return problems;
  for (const issue of parsed.error.issues) {
    const field = String(issue.path[0] ?? "");
    problems[field] ??= issue.message;
  }
  return problems;
}
