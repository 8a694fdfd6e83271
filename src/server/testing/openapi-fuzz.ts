// Malformed requests generated from the store's OpenAPI document: for each operation, a request
// that looks valid (from its schemas and a few known-good values), then one thing broken in it.
import fc from "fast-check";

export type JsonSchema = {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  enum?: unknown[];
  const?: unknown;
  oneOf?: JsonSchema[];
  anyOf?: JsonSchema[];
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  /** true (draft 4, as the store's document writes it) or the bound itself. */
  exclusiveMinimum?: boolean | number;
  pattern?: string;
  minItems?: number;
  maxItems?: number;
};

type Parameter = {
  in: "path" | "query" | "header";
  name: string;
  required?: boolean;
  schema: JsonSchema;
};

export type Operation = {
  method: string;
  /** OpenAPI path template, e.g. /api/orders/{orderNumber}. */
  path: string;
  parameters: Parameter[];
  body?: JsonSchema;
};

type OpenApiDocument = {
  paths: Record<
    string,
    Record<
      string,
      {
        parameters?: Parameter[];
        requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
      }
    >
  >;
};

/** Every operation the document lists. */
export function operationsOf(document: OpenApiDocument): Operation[] {
  return Object.entries(document.paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, operation]) => ({
      method: method.toUpperCase(),
      path,
      parameters: operation.parameters ?? [],
      body: operation.requestBody?.content?.["application/json"]?.schema,
    })),
  );
}

/** Known-good values by field or parameter name, for what a schema alone cannot make (formats). */
export type Hints = Record<string, fc.Arbitrary<unknown>>;

/** A JSON document as sent: a value, with `Raw` pieces written into its text as they are. */
export class Raw {
  constructor(readonly text: string) {}
}

export function toJsonText(value: unknown): string {
  if (value instanceof Raw) return value.text;
  if (Array.isArray(value)) return `[${value.map(toJsonText).join(",")}]`;
  if (value !== null && typeof value === "object") {
    const members = Object.entries(value).map(
      ([key, member]) => `${JSON.stringify(key)}:${toJsonText(member)}`,
    );
    return `{${members.join(",")}}`;
  }
  return JSON.stringify(value) ?? "null";
}

/** A value the schema accepts (formats aside, unless a hint knows them). */
export function validLooking(schema: JsonSchema, hints: Hints, name = ""): fc.Arbitrary<unknown> {
  const hint = hints[name];
  if (hint) return hint;
  if (schema.const !== undefined) return fc.constant(schema.const);
  if (schema.enum) return fc.constantFrom(...schema.enum);
  const choices = schema.oneOf ?? schema.anyOf;
  if (choices) return fc.oneof(...choices.map((choice) => validLooking(choice, hints, name)));
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  switch (type) {
    case "object": {
      const properties = schema.properties ?? {};
      const record: Record<string, fc.Arbitrary<unknown>> = {};
      for (const [key, property] of Object.entries(properties)) {
        record[key] = validLooking(property, hints, key);
      }
      return fc.record(record, { requiredKeys: schema.required ?? [] });
    }
    case "array":
      return fc.array(validLooking(schema.items ?? {}, hints, name), {
        minLength: Math.max(schema.minItems ?? 0, 1),
        maxLength: Math.min(schema.maxItems ?? 3, 3),
      });
    case "string": {
      if (schema.pattern) return fc.stringMatching(new RegExp(schema.pattern));
      const length = {
        minLength: schema.minLength ?? 0,
        maxLength: Math.min(schema.maxLength ?? 30, 30),
      };
      return fc.oneof(fc.string(length), fc.string({ ...length, unit: "grapheme" }));
    }
    case "integer":
      return integerIn(schema);
    case "number":
      return fc.double({ min: schema.minimum ?? -1000, max: schema.maximum ?? 1000, noNaN: true });
    case "boolean":
      return fc.boolean();
    default:
      return fc.jsonValue({ maxDepth: 2 });
  }
}

/**
 * Mostly small values, as clients send, within the schema's bounds; now and then anywhere in
 * them, so a bound the schema allows but a column cannot hold is tried too.
 */
function integerIn(schema: JsonSchema): fc.Arbitrary<number> {
  const exclusive = schema.exclusiveMinimum;
  const min =
    typeof exclusive === "number"
      ? exclusive + 1
      : (schema.minimum ?? -1000) + (exclusive === true ? 1 : 0);
  const max = schema.maximum ?? 1000;
  const small = { min: Math.max(min, -1000), max: Math.min(max, 1000) };
  if (small.min > small.max) return fc.integer({ min, max });
  return fc.oneof(
    { weight: 4, arbitrary: fc.integer(small) },
    { weight: 1, arbitrary: fc.integer({ min, max }) },
  );
}

const deep = (levels: number) => new Raw(`${"[".repeat(levels)}${"]".repeat(levels)}`);

/** Values that have no business in any field: each is a way real clients and attackers break things. */
export const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  // What PostgreSQL or UTF-8 cannot take, wrapped in ordinary text: the likeliest 500s.
  {
    weight: 4,
    arbitrary: fc
      .tuple(
        fc.string({ maxLength: 8 }),
        fc.constantFrom("\u0000", "\ud800", "\udfff", "\ud83d", "\u0000\u0000"),
        fc.string({ maxLength: 8 }),
      )
      .map(([before, bad, after]) => `${before}${bad}${after}`),
  },
  fc.constantFrom(
    "\u0001\u001f\u007f",
    "\u202eevil",
    "' OR 1=1 --",
    "<script>alert(1)</script>",
    "",
    "   ",
    "\n",
    "a".repeat(5_000),
    "€".repeat(40_000),
    "2147483648",
    "-1",
    "NaN",
    // Dates and ids a format check may pass and a column may not hold.
    "0000-01-01",
    "9999-12-31",
    "2026-02-30",
    "00000000-0000-0000-0000-000000000000",
  ),
  fc.constantFrom(
    -1,
    0,
    0.5,
    -0.5,
    1e-7,
    2 ** 31,
    2 ** 53,
    Number.MAX_SAFE_INTEGER,
    -Number.MAX_SAFE_INTEGER,
    1e308,
    -1e308,
  ),
  fc.constantFrom(
    new Raw("1e400"),
    new Raw("-1e400"),
    new Raw("9007199254740993"),
    new Raw("-0"),
    new Raw("1E+2"),
    new Raw('"\\u0000"'),
    new Raw('"\\ud800x"'),
    new Raw('{"__proto__":{"admin":true}}'),
    new Raw('{"constructor":{"prototype":{"admin":true}}}'),
    deep(40),
    deep(5_000),
    new Raw(`[${"1,".repeat(20_000)}1]`),
  ),
  fc.constantFrom(true, false, null, [], {}, [1], { nested: "x" }, "1", 1),
  fc.string({ unit: "binary", maxLength: 20 }),
  fc.jsonValue({ maxDepth: 3 }),
);

type PathStep = string | number;

/** Every place in a JSON value, the value itself first. */
function placesIn(value: unknown, at: PathStep[] = []): PathStep[][] {
  const places = [at];
  const children: [PathStep, unknown][] = Array.isArray(value)
    ? value.map((item, index) => [index, item])
    : value !== null &&
        typeof value === "object" &&
        !(value instanceof Raw) &&
        !(value instanceof Uint8Array)
      ? Object.entries(value)
      : [];
  for (const [step, child] of children) places.push(...placesIn(child, [...at, step]));
  return places;
}

function replaceAt(value: unknown, path: PathStep[], make: (old: unknown) => unknown): unknown {
  if (path.length === 0) return make(value);
  const [step, ...rest] = path;
  if (Array.isArray(value)) {
    return value.map((item, index) => (index === step ? replaceAt(item, rest, make) : item));
  }
  const copy = { ...(value as Record<string, unknown>) };
  copy[step as string] = replaceAt(copy[step as string], rest, make);
  return copy;
}

/**
 * Values of the same kind as a field's own, at the edges a database column has: integers past
 * 32 bits, dates PostgreSQL cannot store, text longer than a column's limit. A schema that lets
 * one through reaches the database with it: the likeliest 500s past validation.
 */
const EDGES = {
  number: [2 ** 31 - 1, 2 ** 31, -(2 ** 31), -(2 ** 31) - 1, 2 ** 53 - 1, -(2 ** 53 - 1), 1e15, 0],
  date: [
    "0000-01-01",
    "0001-01-01",
    "1000-01-01",
    "1899-12-31",
    "9999-12-31",
    "2000-02-29",
    "2100-02-29",
  ],
  digits: ["0", "2147483648", "9223372036854775808", "99999999999999999999"],
  text: ["x".repeat(101), "x".repeat(256), "x".repeat(1_001), "x".repeat(10_001), "x "],
};

function edgesOf(value: unknown): unknown[] {
  if (typeof value === "number") return EDGES.number;
  if (typeof value !== "string") return [];
  if (/^\d{4}-\d{2}-\d{2}/.test(value)) return EDGES.date;
  if (/^\d+$/.test(value)) return EDGES.digits;
  return EDGES.text;
}

/** What a query parameter's text may be beyond its schema's own values. */
export const edgeQueryValue = fc.constantFrom(
  ...EDGES.number.map(String),
  ...EDGES.date,
  ...EDGES.digits,
  "x".repeat(300),
  "",
  "1.5",
  "1e400",
  "NaN",
  "true",
);

type Mutation =
  | { kind: "replace"; value: unknown }
  | { kind: "remove" }
  | { kind: "extra"; key: string; value: unknown }
  | { kind: "wrap-in-array" };

const mutation: fc.Arbitrary<Mutation> = fc.oneof(
  { weight: 5, arbitrary: hostileValue.map((value) => ({ kind: "replace" as const, value })) },
  { weight: 1, arbitrary: fc.constant({ kind: "remove" as const }) },
  {
    weight: 1,
    arbitrary: fc
      .tuple(
        fc.constantFrom("extra", "__proto__", "constructor", "price", "pricePaise", "role"),
        hostileValue,
      )
      .map(([key, value]) => ({ kind: "extra" as const, key, value })),
  },
  { weight: 1, arbitrary: fc.constant({ kind: "wrap-in-array" as const }) },
);

/** The schema a value was made from that describes it: oneOf's choice by its fixed values. */
function schemaOf(schema: JsonSchema, value: unknown): JsonSchema {
  const choices = schema.oneOf ?? schema.anyOf;
  if (!choices) return schema;
  const fits = (choice: JsonSchema) =>
    Object.entries(choice.properties ?? {}).every(([key, property]) => {
      const fixed = property.const !== undefined ? [property.const] : property.enum;
      return !fixed || fixed.includes((value as Record<string, unknown> | null)?.[key]);
    });
  return schemaOf(choices.find(fits) ?? choices[0]!, value);
}

/** The numbers and free text in a value with where they are: fields whose schema lists no values. */
function freeLeaves(value: unknown, schema: JsonSchema, at: PathStep[] = []): PathStep[][] {
  const own = schemaOf(schema, value);
  if (Array.isArray(value)) {
    return value.flatMap((item, index) => freeLeaves(item, own.items ?? {}, [...at, index]));
  }
  if (value !== null && typeof value === "object") {
    if (value instanceof Raw || value instanceof Uint8Array) return [];
    return Object.entries(value).flatMap(([key, member]) =>
      freeLeaves(member, own.properties?.[key] ?? {}, [...at, key]),
    );
  }
  const fixed = own.const !== undefined || own.enum !== undefined;
  return !fixed && edgesOf(value).length > 0 ? [at] : [];
}

/** One free field of a valid-looking value pushed to an edge of its kind (EDGES). */
function pushToEdge(
  value: unknown,
  schema: JsonSchema,
  pick: number,
): { value: unknown; label: string } {
  const leaves = freeLeaves(value, schema);
  if (leaves.length === 0) return { value, label: "valid" };
  const path = leaves[pick % leaves.length]!;
  const old = path.reduce<unknown>(
    (inside, step) => (inside as Record<PathStep, unknown>)[step],
    value,
  );
  const edges = edgesOf(old);
  const edge = edges[Math.floor(pick / leaves.length) % edges.length];
  return {
    value: replaceAt(value, path, () => edge),
    label: `${path.join(".")} = ${shown(edge)}`,
  };
}

function mutate(value: unknown, pick: number, change: Mutation): { value: unknown; label: string } {
  const places = placesIn(value);
  const path = places[pick % places.length]!;
  const where = path.join(".") || "(body)";
  switch (change.kind) {
    case "replace":
      return {
        value: replaceAt(value, path, () => change.value),
        label: `${where} = ${shown(change.value)}`,
      };
    case "wrap-in-array":
      return {
        value: replaceAt(value, path, (old) => [old]),
        label: `${where} wrapped in an array`,
      };
    case "remove": {
      if (path.length === 0) return { value: undefined, label: "no body" };
      const parent = path.slice(0, -1);
      const last = path.at(-1)!;
      return {
        value: replaceAt(value, parent, (old) => {
          if (Array.isArray(old)) return old.filter((_item, index) => index !== last);
          const copy = { ...(old as Record<string, unknown>) };
          delete copy[last as string];
          return copy;
        }),
        label: `${where} removed`,
      };
    }
    case "extra":
      return {
        value: replaceAt(value, path, (old) => {
          if (
            old === null ||
            typeof old !== "object" ||
            Array.isArray(old) ||
            old instanceof Raw ||
            old instanceof Uint8Array
          ) {
            return old;
          }
          const copy = { ...old };
          // defineProperty: an own "__proto__" member, as JSON.parse would make it.
          Object.defineProperty(copy, change.key, { value: change.value, enumerable: true });
          return copy;
        }),
        label: `${where}.${change.key} = ${shown(change.value)} added`,
      };
  }
}

function shown(value: unknown): string {
  const text = value instanceof Raw ? value.text : (JSON.stringify(value) ?? String(value));
  return text.length > 60 ? `${text.slice(0, 60)}... (${text.length} chars)` : text;
}

const garbageBody: fc.Arbitrary<{ body: string | Uint8Array; label: string }> = fc.oneof(
  fc
    .constantFrom(
      "",
      "null",
      "[]",
      "{}",
      '"text"',
      "1",
      "{",
      '{"a":1,}',
      '{"a":1}}',
      "\ufeff{}",
      '{"a":1,"a":2}',
      "undefined",
      "NaN",
      "{'a':1}",
      `${"[".repeat(50_000)}`,
      `${'{"a":'.repeat(10_000)}1${"}".repeat(10_000)}`,
    )
    .map((body) => ({ body, label: `garbage body ${shown(body)}` })),
  fc.uint8Array({ maxLength: 64 }).map((bytes) => ({ body: bytes, label: "random bytes" })),
  fc
    .constantFrom(
      [0x7b, 0x22, 0x61, 0x22, 0x3a, 0x22, 0xff, 0x22, 0x7d],
      [0x22, 0xed, 0xa0, 0x80, 0x22],
      [0xc0, 0xaf],
    )
    .map((bytes) => ({ body: Uint8Array.from(bytes), label: "invalid UTF-8" })),
  fc.string({ maxLength: 40 }).map((body) => ({ body, label: `text ${shown(body)}` })),
);

const otherContentType = fc.constantFrom(
  undefined,
  "text/plain",
  "application/x-www-form-urlencoded",
  "multipart/form-data; boundary=fuzz",
  "application/json; charset=latin1",
  "application/json; charset=utf-16",
  "application/xml",
  "application/json-patch+json",
  "json",
  ";;;",
);

/** Path segments a router, a validator or a database could choke on, as sent (percent-encoded). */
const hostileSegment = fc.constantFrom(
  "%00",
  "a%00b",
  "FHH-%00",
  "%ED%A0%80",
  "%FF",
  "%C0%AF",
  "%",
  "%2F",
  "..",
  "%2e%2e",
  "%0A",
  "%20",
  "%F0%9F%98%80",
  "-1",
  "0",
  "2147483648",
  "99999999999999999999",
  "1e5",
  "1.5",
  "NaN",
  "a".repeat(150),
  "__proto__",
  "constructor",
);

const hostileQuery = fc.constantFrom(
  "search=%00",
  "search=a%01b",
  "search=%ED%A0%80",
  "search=%FF",
  "search=a&search=b",
  `search=${"a".repeat(500)}`,
  "category=__proto__",
  "organic=maybe",
  "token=%00",
  "token=a&token=b",
  "__proto__=1",
  "constructor[prototype]=x",
  "%00=1",
  "a=%",
  "=",
  "&&&",
);

export type FuzzRequest = {
  label: string;
  method: string;
  url: string;
  headers: Record<string, string>;
  body?: string | Uint8Array;
};

function fillPath(template: string, values: Record<string, string>): string {
  return template.replace(/\{([^}]+)\}/g, (_whole, name: string) => values[name] ?? "x");
}

const encodeValue = (value: unknown) =>
  encodeURIComponent(typeof value === "string" ? value : String(value));

/** One malformed (now and then a valid) request to one operation of the document. */
export function requestTo(
  operation: Operation,
  hints: Hints,
  /** What a POST the document gives no body schema takes (Better Auth's endpoints). */
  undocumentedBody: fc.Arbitrary<unknown> = fc.constant(undefined),
): fc.Arbitrary<FuzzRequest> {
  const byIn = (where: Parameter["in"]) => operation.parameters.filter((p) => p.in === where);
  const params = fc.record(
    Object.fromEntries(
      byIn("path").map((p) => [p.name, validLooking(p.schema, hints, p.name).map(encodeValue)]),
    ),
  ) as fc.Arbitrary<Record<string, string>>;
  const query = fc.record(
    Object.fromEntries(byIn("query").map((p) => [p.name, validLooking(p.schema, hints, p.name)])),
    {
      requiredKeys: byIn("query")
        .filter((p) => p.required)
        .map((p) => p.name),
    },
  );
  const headers = fc.record(
    Object.fromEntries(byIn("header").map((p) => [p.name, validLooking(p.schema, hints, p.name)])),
  ) as fc.Arbitrary<Record<string, string>>;
  const body: fc.Arbitrary<unknown> =
    operation.method === "GET"
      ? fc.constant(undefined)
      : operation.body
        ? validLooking(operation.body, hints)
        : undocumentedBody;

  const base = fc.record({ params, query, headers, body });
  return fc
    .tuple(
      base,
      fc.constantFrom(
        "valid",
        "field",
        "field",
        "field",
        "edge",
        "edge",
        "edge",
        "garbage",
        "content-type",
        "path",
        "query",
        "query-field",
        "header",
        "method",
      ),
      fc.nat(),
      mutation,
      garbageBody,
      otherContentType,
      hostileSegment,
      hostileQuery,
      fc.constantFrom("", "short", "has spaces in it", "ünïcödé-key", "a".repeat(101)),
      edgeQueryValue,
    )
    .map(
      ([
        request,
        how,
        pick,
        change,
        garbage,
        contentType,
        segment,
        extraQuery,
        badKey,
        edgeQuery,
      ]) => {
        let label: string = how;
        let { params: pathValues, headers: headerValues, body: value } = request;
        let method = operation.method;
        let queryText = new URLSearchParams(
          Object.entries(request.query).map(([key, item]) => [key, String(item)]),
        ).toString();
        let sendBody: string | Uint8Array | undefined;
        let type: string | undefined = "application/json";
        if (how === "field" && value !== undefined) {
          const mutated = mutate(value, pick, change);
          value = mutated.value;
          label = mutated.label;
        }
        if (how === "edge" && value !== undefined && operation.body) {
          const pushed = pushToEdge(value, operation.body, pick);
          value = pushed.value;
          label = pushed.label;
        }
        if (how === "path" && Object.keys(pathValues).length > 0) {
          const names = Object.keys(pathValues);
          const name = names[pick % names.length]!;
          pathValues = { ...pathValues, [name]: segment };
          label = `path ${name} = ${segment.slice(0, 40)}`;
        }
        if (how === "query") {
          queryText = queryText ? `${queryText}&${extraQuery}` : extraQuery;
          label = `query ${extraQuery.slice(0, 40)}`;
        }
        const queryNames = byIn("query").map((p) => p.name);
        if (how === "query-field" && queryNames.length > 0) {
          const name = queryNames[pick % queryNames.length]!;
          const values = new URLSearchParams(queryText);
          values.set(name, edgeQuery);
          queryText = values.toString();
          label = `query ${name}=${edgeQuery.slice(0, 40)}`;
        }
        if (how === "header") {
          headerValues = Object.keys(headerValues).length
            ? { ...headerValues, "idempotency-key": badKey }
            : headerValues;
          label = `idempotency-key ${shown(badKey)}`;
        }
        if (how === "method") {
          method = ["DELETE", "PATCH", "PUT", "POST", "OPTIONS"].find(
            (m) => m !== operation.method,
          )!;
          label = `method ${method}`;
        }
        // Bytes (a photo's) go as they are; anything else as JSON text.
        if (value instanceof Uint8Array) sendBody = value;
        else if (value !== undefined) sendBody = toJsonText(value);
        if (how === "garbage") {
          sendBody = garbage.body;
          label = garbage.label;
        }
        if (how === "content-type") {
          sendBody ??= "{}";
          type = contentType;
          label = `content-type ${contentType ?? "(none)"}`;
        }
        const url = `${fillPath(operation.path, pathValues)}${queryText ? `?${queryText}` : ""}`;
        return {
          label: `${operation.method} ${operation.path}: ${label}`,
          method,
          url,
          headers: {
            ...headerValues,
            ...(sendBody !== undefined && type !== undefined && { "content-type": type }),
          },
          ...(sendBody !== undefined && method !== "GET" && { body: sendBody }),
        };
      },
    );
}
