import { spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";

const script = path.resolve(import.meta.dirname, "check-imports.mjs");

function check(tree: Record<string, string>) {
  const root = mkdtempSync(path.join(tmpdir(), "imports-"));
  for (const [file, text] of Object.entries(tree)) {
    mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    writeFileSync(path.join(root, file), text);
  }
  const run = spawnSync(process.execPath, [script, root], { encoding: "utf8" });
  return { status: run.status, output: run.stdout + run.stderr };
}

describe("import rules", () => {
  it("accept the directions the design allows", () => {
    const result = check({
      "src/shared/money.ts": "export const x = 1;",
      "src/web/lib/a.ts": 'import { x } from "../../shared/money.ts";',
      "src/server/a.ts": 'import { x } from "../shared/money.ts";',
      "src/web/features/cart/use-cart.ts": 'import { p } from "../catalogue/api/products.ts";',
      "src/web/features/sales/board.tsx": 'import { P } from "../staff/ui/panel.tsx";',
      "src/web/features/checkout/form.tsx": 'import { c } from "../cart/use-cart.ts";',
      "src/server/modules/mail/a.test.ts": 'import { l } from "../../testing/smtp-listener.ts";',
      "src/server/testing/smtp-listener.ts": 'import { x } from "../../shared/money.ts";',
      "src/server/modules/orders/a.ts": 'import { o } from "../mail/index.ts";',
      "src/server/modules/orders/b.ts": 'import { a } from "./a.ts";',
      "src/server/modules/mail/index.ts": 'export { o } from "./outbox.ts";',
      "src/server/app.ts": 'import { o } from "./modules/mail/index.ts";',
      "src/server/modules/mail/outbox.test.ts": 'import { a } from "../orders/a.ts";',
      "src/server/testing/mail.ts": 'import { o } from "../modules/mail/outbox.ts";',
      "src/server/modules/orders/c.ts": 'import { mailOutbox } from "../mail/schema.ts";',
      "src/server/modules/mail/schema.ts": "export const mailOutbox = 1;",
      "src/server/db/schema/index.ts": 'export * from "../../modules/mail/schema.ts";',
    });
    expect(result.status).toBe(0);
  });

  it.each([
    [
      "web importing server",
      { "src/web/a.ts": 'import { b } from "../server/b.ts";' },
      "web may import only from shared",
    ],
    [
      "server importing web",
      { "src/server/a.ts": 'import { b } from "../web/b.ts";' },
      "server may import only from shared",
    ],
    [
      "shared importing web",
      { "src/shared/a.ts": 'import { b } from "../web/b.ts";' },
      "shared may import only",
    ],
    ["shared doing I/O", { "src/shared/a.ts": 'import fs from "node:fs";' }, "free of I/O"],
    [
      "a feature reaching into another's components",
      { "src/web/features/cart/a.tsx": 'import { C } from "../catalogue/components/card.tsx";' },
      'reaches into feature "catalogue"',
    ],
    [
      "two features importing each other",
      {
        "src/web/features/cart/use-cart.ts": 'import { p } from "../catalogue/api/products.ts";',
        "src/web/features/catalogue/card.tsx": 'import { c } from "../cart/use-cart.ts";',
      },
      "features use one another in a circle, cart -> catalogue -> cart",
    ],
    [
      "three features in a circle",
      {
        "src/web/features/cart/use-cart.ts": 'import { p } from "../catalogue/api/products.ts";',
        "src/web/features/catalogue/card.tsx": 'import { u } from "../orders/api/usual.ts";',
        "src/web/features/orders/buy-again.tsx": 'import { c } from "../cart/use-cart.ts";',
      },
      "features use one another in a circle, cart -> catalogue -> orders -> cart",
    ],
    [
      "a module importing a test helper",
      {
        "src/server/modules/mail/a.ts": 'import { l } from "../../testing/smtp-listener.ts";',
        "src/server/testing/smtp-listener.ts": "export const l = 1;",
      },
      "test helpers are for tests",
    ],
    [
      "a module reaching into another module's file",
      { "src/server/modules/orders/a.ts": 'import { o } from "../mail/outbox.ts";' },
      'module "mail" is entered through its index.ts only, not its outbox.ts',
    ],
    [
      "a module reaching into another module's folder",
      { "src/server/modules/orders/a.ts": 'import { f } from "../fulfilment/figures/day.ts";' },
      'module "fulfilment" is entered through its index.ts only, not its figures/day.ts',
    ],
    [
      "a module reaching a schema.ts below another module's top",
      { "src/server/modules/orders/a.ts": 'import { d } from "../fulfilment/figures/schema.ts";' },
      'module "fulfilment" is entered through its index.ts only, not its figures/schema.ts',
    ],
    [
      "a module reaching another module's schema under another name",
      { "src/server/modules/orders/a.ts": 'import { m } from "../mail/schema.tsx";' },
      'module "mail" is entered through its index.ts only, not its schema.tsx',
    ],
    [
      "the app reaching past a module's entry",
      { "src/server/app.ts": 'import { o } from "./modules/mail/outbox.ts";' },
      'module "mail" is entered through its index.ts only',
    ],
    [
      "a dynamic import past a module's entry",
      { "src/server/modules/orders/a.ts": 'const m = await import("../mail/outbox.ts");' },
      'module "mail" is entered through its index.ts only',
    ],
    [
      "a re-export past a module's entry",
      { "src/server/modules/orders/index.ts": 'export { o } from "../mail/outbox.ts";' },
      'module "mail" is entered through its index.ts only',
    ],
  ])("refuse %s", (_name, tree, message) => {
    const result = check(tree);
    expect(result.status).toBe(1);
    expect(result.output).toContain(message);
  });
});
