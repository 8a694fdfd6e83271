import { expect, expectAccessible, test } from "./support/fixtures.ts";
import { openSalesBoard, placeCashOrder } from "./support/sales.ts";
import { READY_TIMEOUT } from "./support/storefront.ts";

// A dashboard calls for attention when something arrives while its tab is in the background:
// the tab's title counts what waits, and a browser notification (asked for with a button).

test.use({ permissions: ["notifications"] });

test("an order arriving while the Sales tab is in the background raises a notification and counts in the tab title", async ({
  page,
}) => {
  test.slow();
  // Every notification the page makes, kept where the test can read it (the real one is shown too).
  await page.addInitScript(() => {
    const Real = window.Notification;
    const made: { title: string; body: string }[] = [];
    (window as unknown as { madeNotes: typeof made }).madeNotes = made;
    class Recording extends Real {
      constructor(title: string, options?: NotificationOptions) {
        super(title, options);
        made.push({ title, body: options?.body ?? "" });
      }
    }
    Object.defineProperty(window, "Notification", { value: Recording, configurable: true });
  });
  await openSalesBoard(page);
  const bar = page.getByTestId("staff-alerts");
  await expect(bar.getByRole("status")).toContainText(/waits? for you\./, {
    timeout: READY_TIMEOUT,
  });
  // The site may notify (granted above, as a member would at the browser's prompt), but the
  // dashboard does so only once the member turns notifications on.
  const toggle = bar.getByRole("button", { name: "Notifications" });
  await expect(toggle).toHaveAttribute("aria-pressed", "false");
  await toggle.click();
  await expect(toggle).toHaveAttribute("aria-pressed", "true");
  await expectAccessible(page, {}, '[data-testid="staff-alerts"]');

  // The tab goes to the background.
  await page.evaluate(() => {
    Object.defineProperty(document, "visibilityState", { value: "hidden", configurable: true });
    Object.defineProperty(document, "hidden", { value: true, configurable: true });
    document.dispatchEvent(new Event("visibilitychange"));
  });
  const orderNumber = await placeCashOrder(page, [{ productId: "carrots", quantity: 1_000 }]);

  await expect
    .poll(
      () =>
        page.evaluate(() =>
          (window as unknown as { madeNotes: { body: string }[] }).madeNotes.map(
            (note) => note.body,
          ),
        ),
      { timeout: READY_TIMEOUT },
    )
    .toContainEqual(expect.stringContaining(`New order ${orderNumber}`));
  await expect(page).toHaveTitle(/^\(\d+\+?\) Sales Manager/);
});
