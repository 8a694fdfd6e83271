import { describe, expect, it } from "vitest";
import { ACCOUNT_MESSAGES, profileInputSchema } from "../../shared/contracts/account.ts";
import { CHECKOUT_MESSAGES, placeOrderSchema } from "../../shared/contracts/checkout.ts";
import { productFormSchema } from "../../shared/contracts/inventory.ts";
import { FORMAT_MESSAGES } from "../../shared/rules/formats.ts";
import { PRODUCT_FORM_MESSAGES } from "../../shared/rules/product-form.ts";
import { ruleChecks } from "./form-checks.ts";
import { schemaChecks, typedSchemaChecks } from "./schema-checks.ts";

describe("a form's checks from the shared schema", () => {
  it("send what the schema makes of the values, or give each field its first problem", () => {
    const checks = schemaChecks(profileInputSchema);
    expect(checks({ name: "  Asha Das ", mobile: "98765 43210" })).toEqual({
      ok: true,
      request: { name: "Asha Das", mobile: "+919876543210" },
    });
    expect(checks({ name: " ", mobile: "12345" })).toEqual({
      ok: false,
      problems: { name: ACCOUNT_MESSAGES.nameRequired, mobile: FORMAT_MESSAGES.mobile },
    });
  });

  it("send the values as typed when asked, for the server to parse them again", () => {
    const checks = typedSchemaChecks(profileInputSchema);
    expect(checks({ name: "  Asha Das ", mobile: "98765 43210" })).toEqual({
      ok: true,
      request: { name: "  Asha Das ", mobile: "98765 43210" },
    });
    expect(checks({ name: "", mobile: "" })).toEqual({
      ok: false,
      problems: { name: ACCOUNT_MESSAGES.nameRequired },
    });
  });

  it("name a nested field by its path, as react-hook-form does", () => {
    const checks = schemaChecks(placeOrderSchema.pick({ contact: true }));
    const contact = {
      firstName: "Asha",
      lastName: "",
      email: "asha@example",
      phone: "98765 43210",
    };
    expect(checks({ contact })).toEqual({
      ok: false,
      problems: { "contact.email": CHECKOUT_MESSAGES.email },
    });
  });

  it("check what the fields stand for, under the form's own names for the schema's fields", () => {
    const checks = schemaChecks(productFormSchema.pick({ pricePaise: true }), {
      request: ({ price }: { price: string }) => ({ pricePaise: Math.round(Number(price) * 100) }),
      fieldOf: { pricePaise: "price" },
    });
    expect(checks({ price: "45.50" })).toEqual({ ok: true, request: { pricePaise: 4550 } });
    expect(checks({ price: "0" })).toEqual({
      ok: false,
      problems: { price: PRODUCT_FORM_MESSAGES.priceNotPositive },
    });
  });

  it("take a shared rule that names only its first problem", () => {
    const checks = ruleChecks(({ code }: { code: string }) =>
      code.length === 6 ? null : { field: "code", message: "Six digits" },
    );
    expect(checks({ code: "123" })).toEqual({ ok: false, problems: { code: "Six digits" } });
    expect(checks({ code: "123456" })).toEqual({ ok: true, request: { code: "123456" } });
  });
});
