import { expect, expectAccessible, test } from "./support/fixtures.ts";

test("home page shows the hero and passes axe", async ({ page, browserErrors }) => {
  await page.goto("/");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(
    "From Farm to Table, Fresh Every Day",
  );
  await expectAccessible(page);
  expect(browserErrors).toEqual([]);
});
