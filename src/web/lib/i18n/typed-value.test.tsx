// @vitest-environment jsdom

import { cleanup, render } from "@testing-library/react";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { I18nProvider, Trans } from "./react-binding.tsx";
import { createShopI18n, loadTexts } from "./shop-i18n.ts";
import { typedValue } from "./typed-value.tsx";

afterEach(cleanup);

const odia = createShopI18n("or");
beforeAll(() => loadTexts(odia, ["frame", "routes/checkout", "routes/order-confirmation"]));

describe("a typed value in a translated sentence", () => {
  it("is written as typed, its markup neither read as the message's tags nor drawn", () => {
    const errors = vi.spyOn(console, "error").mockImplementation(() => {});
    const { container } = render(
      <I18nProvider i18n={odia}>
        <Trans
          id={/*i18n*/ "Thank you, {name}. Your order number is <0>{orderNumber}</0>."}
          values={{ name: typedValue("<b>Asha</b> Das"), orderNumber: "FHH-123456" }}
          components={{ 0: <strong /> }}
        />
      </I18nProvider>,
    );
    expect(container.textContent).toContain("<b>Asha</b> Das");
    expect(container.textContent).toMatch(/[\u0B00-\u0B7F]/);
    expect(container.querySelector("b")).toBeNull();
    expect(container.querySelector("strong")?.textContent).toBe("FHH-123456");
    expect(errors).not.toHaveBeenCalled();
    errors.mockRestore();
  });
});
