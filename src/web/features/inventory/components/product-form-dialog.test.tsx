// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { act, cleanup, fireEvent, render, screen } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { PRODUCT_UNITS } from "../../../../shared/catalogue.ts";
import { ProductFormDialog } from "./product-form-dialog.tsx";

let posted: unknown[];

beforeEach(() => {
  posted = [];
  vi.stubGlobal(
    "fetch",
    vi.fn(async (_url: string, init: RequestInit) => {
      posted.push(JSON.parse(String(init.body)));
      return Response.json({ id: "drumsticks", name: "Drumsticks" });
    }),
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function renderDialog() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <ProductFormDialog productId={undefined} open onOpenChange={() => {}} />
    </QueryClientProvider>,
  );
}

const field = (label: RegExp) => screen.getByLabelText(label) as HTMLInputElement;
const type = (label: RegExp, value: string) =>
  fireEvent.change(field(label), { target: { value } });

function fillIn(unit: string) {
  type(/^Name/, "Drumsticks");
  type(/^Category/, "vegetables");
  type(/^Unit/, unit);
  type(/^Price/, "45.50");
  type(/^HSN code/, "0709");
}

const add = () =>
  act(async () => {
    fireEvent.click(screen.getByRole("button", { name: "Add product" }));
  });

describe("adding a product", () => {
  it("lists the units, saying which is sold by weight", () => {
    renderDialog();
    const options = Array.from(
      (field(/^Unit/) as unknown as HTMLSelectElement).options,
      (option) => option.value,
    );
    expect(options).toEqual(["", ...PRODUCT_UNITS]);
    expect(screen.getByRole("option", { name: "kg (sold by weight)" })).toBeTruthy();
  });

  it("asks a weighed product's steps in grams and its threshold in kilograms", async () => {
    renderDialog();
    fillIn("kg");
    expect(field(/^Price per kg/)).toBeTruthy();
    expect(field(/^Sold in steps of \(grams\)/).value).toBe("250");
    expect(field(/^Least a shopper can buy \(grams\)/).value).toBe("250");
    expect(screen.getByText(/^Shoppers can buy 250 g, 500 g, 750 g and so on/)).toBeTruthy();
    type(/^Sold in steps of/, "500");
    type(/^Least a shopper can buy/, "1000");
    expect(screen.getByText(/^Shoppers can buy 1 kg, 1.5 kg, 2 kg and so on/)).toBeTruthy();
    type(/^Low-stock threshold \(kg\)/, "2.5");
    await add();
    expect(posted[0]).toMatchObject({
      unit: "kg",
      pricePaise: 4_550,
      lowStockThreshold: 2_500,
      step: 500,
      minimum: 1_000,
    });
  });

  it("sells a counted product in ones, without asking its steps", async () => {
    renderDialog();
    fillIn("bunch");
    expect(screen.queryByLabelText(/^Sold in steps of/)).toBeNull();
    type(/^Low-stock threshold/, "12");
    await add();
    expect(posted[0]).toMatchObject({ unit: "bunch", lowStockThreshold: 12, step: 1, minimum: 1 });
  });
});

describe("the HSN code and GST rate", () => {
  const gst = () => (field(/^GST rate/) as unknown as HTMLSelectElement).value;

  it("follow the category and name until the manager types their own", async () => {
    renderDialog();
    type(/^Category/, "dairy");
    type(/^Name/, "Thick Curd");
    expect(field(/^HSN code/).value).toBe("0403");
    expect(gst()).toBe("500");
    expect(
      screen.getByText("Suggested for Dairy: curd and yoghurt. You can change them."),
    ).toBeTruthy();

    type(/^Name/, "Fresh Milk");
    expect(field(/^HSN code/).value).toBe("0401");
    expect(gst()).toBe("0");

    // Typed by hand, the code stays; the note offers the suggestion back.
    type(/^HSN code/, "04012000");
    type(/^Name/, "Desi Ghee");
    expect(field(/^HSN code/).value).toBe("04012000");
    expect(screen.getByText("Suggested for Dairy: butter and ghee: HSN 0405 at 5%.")).toBeTruthy();
    await act(async () => {
      fireEvent.click(screen.getByRole("button", { name: "Use the suggestion" }));
    });
    expect(field(/^HSN code/).value).toBe("0405");
    expect(gst()).toBe("500");
  });

  it("suggest nothing before a category is chosen", () => {
    renderDialog();
    type(/^Name/, "Tomatoes");
    expect(field(/^HSN code/).value).toBe("");
    expect(screen.queryByText(/^Suggested for/)).toBeNull();
  });
});

describe("a photo chosen while adding", () => {
  const added = {
    id: "drumsticks",
    name: "Drumsticks",
    category: "vegetables",
    unit: "bunch",
    pricePaise: 4550,
    version: 1,
    image: "/images/categories/vegetables.svg",
    photoUrl: null,
  };

  it("is uploaded after the product saves; refused, the dialog stays open on the saved product", async () => {
    const calls: string[] = [];
    vi.stubGlobal(
      "fetch",
      vi.fn(async (url: string, init: RequestInit) => {
        calls.push(`${init.method ?? "GET"} ${url}`);
        if (url.endsWith("/photo")) {
          return Response.json(
            {
              code: "UNSUPPORTED_MEDIA_TYPE",
              message: "This file is not a JPEG, PNG or WebP photo",
            },
            { status: 415 },
          );
        }
        return Response.json(added, { status: init.method === "POST" ? 201 : 200 });
      }),
    );
    renderDialog();
    fillIn("bunch");
    const photo = new File([new Uint8Array([1, 2, 3])], "drumsticks.png", { type: "image/png" });
    await act(async () => {
      fireEvent.change(screen.getByLabelText("Choose a photo"), { target: { files: [photo] } });
    });
    await add();
    expect(calls.slice(0, 2)).toEqual([
      "POST /api/staff/inventory/products",
      "PUT /api/staff/inventory/products/drumsticks/photo",
    ]);
    expect(
      await screen.findByText(
        /^Added Drumsticks, but its photo was not uploaded \(This file is not/,
      ),
    ).toBeTruthy();
    // Saved once: pressing again saves the edit and retries the photo, not a second product.
    expect(screen.getByRole("button", { name: "Save changes" })).toBeTruthy();
    expect(field(/^Name/).value).toBe("Drumsticks");
  });
});
