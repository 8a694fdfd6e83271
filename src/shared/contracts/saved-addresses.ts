import { z } from "zod";
import { tooLong } from "../rules/too-long.ts";
import { deliveryFields } from "./checkout.ts";

export const SAVED_ADDRESSES_PATH = "/api/account/addresses";

export const SAVED_ADDRESS_LIMITS = {
  label: 40,
  /** Enough for home, work, family and a few friends; more is a mailing list, not an account. */
  perCustomer: 10,
} as const;

export const SAVED_ADDRESS_MESSAGES = {
  signIn: /*i18n*/ "Please log in to see your saved addresses.",
  notFound: /*i18n*/ "This address is not in your account.",
  /** With `{ count: SAVED_ADDRESS_LIMITS.perCustomer }`. */
  tooMany: /*i18n*/ "You can keep up to {count} addresses. Please delete one to add another.",
  duplicate: /*i18n*/ "This address is already saved in your account.",
  empty: /*i18n*/ "You have no saved addresses yet.",
  emptyHint: /*i18n*/ "Add one here, or tick “Save this address to my account” when you check out.",
  added: /*i18n*/ "Address saved",
  updated: /*i18n*/ "Address updated",
  deleted: /*i18n*/ "Address deleted",
  madeDefault: /*i18n*/ "Default address changed",
  /** The checkout tick's text. */
  saveAtCheckout: /*i18n*/ "Save this address to my account",
  saveAtCheckoutHint: /*i18n*/ "Next time, choose it here instead of typing it.",
  /** The legend of checkout's choice of saved addresses. */
  deliverTo: /*i18n*/ "Deliver to",
  /** The checkout choice that types a different address. */
  newAddress: /*i18n*/ "A new address",
} as const;

/** An address to save or the new version of one: checkout's delivery fields and a label. */
export const savedAddressInputSchema = z
  .object({
    label: z
      .string()
      .trim()
      .max(SAVED_ADDRESS_LIMITS.label, tooLong(SAVED_ADDRESS_LIMITS.label))
      .optional()
      .default(""),
    ...deliveryFields,
    /** Make it the one checkout fills in. The first address saved is the default anyway. */
    makeDefault: z.boolean().optional(),
  })
  .strict();
export type SavedAddressInput = z.input<typeof savedAddressInputSchema>;
export type SavedAddressValues = z.output<typeof savedAddressInputSchema>;

export const savedAddressSchema = z.object({
  id: z.number().int(),
  label: z.string(),
  address: z.string(),
  city: z.string(),
  state: z.string(),
  pincode: z.string(),
  isDefault: z.boolean(),
});
export type SavedAddress = z.infer<typeof savedAddressSchema>;

/** Every answer of the address book: the whole list, default first, then oldest first. */
export const savedAddressesSchema = z.object({ addresses: z.array(savedAddressSchema) });
export type SavedAddresses = z.infer<typeof savedAddressesSchema>;

export const savedAddressParamsSchema = z.object({
  id: z.coerce
    .number({ message: "id must be a whole number" })
    .int("id must be a whole number")
    .min(1, "id must be a whole number")
    .max(2_147_483_647, "id must be a whole number"),
});
