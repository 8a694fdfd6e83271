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
  ])("refuse %s", (_name, tree, message) => {
    const result = check(tree);
    expect(result.status).toBe(1);
    expect(result.output).toContain(message);
  });
});
