import { describe, expect, it } from "vitest";
import { chunkFileName } from "./chunk-names.ts";

const root = "/repo/src/web";

describe("chunk file names", () => {
  it("marks any chunk holding staff code with admin-, so the web bench can see it", () => {
    for (const moduleIds of [
      [`${root}/routes/admin/sign-in.tsx`],
      [`${root}/features/staff/ui/panel.tsx`, `${root}/components/ui/button.tsx`],
      [`${root}/features/inventory/inventory-dashboard.tsx`],
    ]) {
      expect(chunkFileName({ name: "sign-in", moduleIds })).toBe("assets/admin-[name]-[hash].js");
    }
  });

  it("keeps storefront chunks' names, and never doubles a name that already says so", () => {
    expect(chunkFileName({ name: "shop", moduleIds: [`${root}/routes/shop.tsx`] })).toBe(
      "assets/[name]-[hash].js",
    );
    expect(
      chunkFileName({ name: "dashboard", moduleIds: [`${root}/routes/admin/dashboard.tsx`] }),
    ).toBe("assets/[name]-[hash].js");
    expect(
      chunkFileName({
        name: "admin-team-card",
        moduleIds: [`${root}/features/support/components/admin-team-card.tsx`],
      }),
    ).toBe("assets/[name]-[hash].js");
  });
});
