// The JSON body parser against Fastify's own (secure-json-parse), on a checkout's body:
// `npx tsx bench/json-body.ts`. Both get the body's bytes, as Fastify hands them over.
import { performance } from "node:perf_hooks";
import secureJson from "secure-json-parse";
import { parseJsonBody } from "../src/server/http/json-body.ts";

const checkout = {
  contact: { firstName: "Asha", lastName: "Das", email: "asha@example.in", phone: "9876543210" },
  delivery: {
    address: "12 Janpath, Unit 4",
    city: "Bhubaneswar",
    state: "Odisha",
    pincode: "751007",
  },
  notes: "Ring twice, leave with the guard if nobody answers",
  payment: {
    method: "card",
    card: { number: "4111 1111 1111 1111", name: "Asha Das", expiry: "12/30", cvv: "123" },
  },
  items: Array.from({ length: 8 }, (_, index) => ({ productId: `product-${index}`, quantity: 2 })),
};
const bodies = {
  "checkout, plain text": Buffer.from(JSON.stringify(checkout)),
  // An emoji written as escapes (as Python's json.dumps does) makes the parser check every string.
  "checkout, emoji as \\u escapes": Buffer.from(
    JSON.stringify({ ...checkout, notes: "Thank you X" }).replace("X", "\\ud83d\\ude00"),
  ),
};
const ITERATIONS = 200_000;

function measure(parse: (body: Buffer) => unknown, body: Buffer): number {
  for (let i = 0; i < 20_000; i++) parse(body);
  const start = performance.now();
  for (let i = 0; i < ITERATIONS; i++) parse(body);
  return ((performance.now() - start) * 1000) / ITERATIONS;
}

const parsers = {
  "Fastify's default": (body: Buffer) =>
    secureJson.parse(body.toString("utf8"), undefined, {
      protoAction: "error",
      constructorAction: "error",
    }),
  "json-body.ts": (body: Buffer) => parseJsonBody("application/json", body),
};
for (const [name, body] of Object.entries(bodies)) {
  for (const [parser, parse] of Object.entries(parsers)) {
    console.log(`${name} (${body.length} bytes), ${parser}: ${measure(parse, body).toFixed(2)} µs`);
  }
}
