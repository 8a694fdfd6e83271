import { errorBodySchema } from "../../../shared/contracts/errors.ts";
import {
  SAVED_ADDRESSES_PATH,
  savedAddressesSchema,
  savedAddressInputSchema,
  savedAddressParamsSchema,
} from "../../../shared/contracts/saved-addresses.ts";
import type { Database } from "../../db/client.ts";
import type { App } from "../../http/types.ts";
import { signedInCustomerOf } from "../auth/index.ts";
import {
  addAddress,
  deleteAddress,
  listAddresses,
  makeDefaultAddress,
  updateAddress,
} from "./address-book.ts";

const readErrors = { 401: errorBodySchema };
const writeErrors = {
  400: errorBodySchema,
  401: errorBodySchema,
  404: errorBodySchema,
  409: errorBodySchema,
  429: errorBodySchema,
};
// A person edits their addresses by hand: a few writes a minute, counted per client address.
const writeLimit = { rateLimit: { max: 60, timeWindow: 60 * 1000 } };
const ONE = `${SAVED_ADDRESSES_PATH}/:id`;

/** The signed-in customer's address book. Another customer's address id answers 404. */
export function addressesRoutes(
  app: App,
  deps: { db: Database; serviceablePincodes: readonly string[] },
) {
  const { db, serviceablePincodes } = deps;
  app.get(
    SAVED_ADDRESSES_PATH,
    {
      config: { customer: { signedIn: "addresses", beforeBody: true }, private: true },
      schema: {
        tags: ["account"],
        summary: "The signed-in customer's saved delivery addresses, the default first",
        response: { 200: savedAddressesSchema, ...readErrors },
      },
    },
    async (request) => ({
      addresses: await listAddresses(db, signedInCustomerOf(request)),
    }),
  );

  app.post(
    SAVED_ADDRESSES_PATH,
    {
      config: {
        ...writeLimit,
        customer: { signedIn: "addresses", beforeBody: true },
        private: true,
      },
      schema: {
        tags: ["account"],
        summary: "Save a delivery address (the first one saved becomes the default)",
        description:
          "The PIN code must be inside the delivery area; an address already saved is refused with 409, as is one more than the limit.",
        body: savedAddressInputSchema,
        response: { 201: savedAddressesSchema, ...writeErrors },
      },
    },
    async (request, reply) => {
      const customerId = signedInCustomerOf(request);
      const addresses = await addAddress(db, customerId, request.body, serviceablePincodes);
      return reply.code(201).send({ addresses });
    },
  );

  app.put(
    ONE,
    {
      config: {
        ...writeLimit,
        customer: { signedIn: "addresses", beforeBody: true },
        private: true,
      },
      schema: {
        tags: ["account"],
        summary: "Change a saved address (its label and every field)",
        params: savedAddressParamsSchema,
        body: savedAddressInputSchema,
        response: { 200: savedAddressesSchema, ...writeErrors },
      },
    },
    async (request) => {
      const customerId = signedInCustomerOf(request);
      const { id } = request.params;
      return {
        addresses: await updateAddress(db, customerId, id, request.body, serviceablePincodes),
      };
    },
  );

  app.post(
    `${ONE}/default`,
    {
      config: {
        ...writeLimit,
        customer: { signedIn: "addresses", beforeBody: true },
        private: true,
      },
      schema: {
        tags: ["account"],
        summary: "Make a saved address the default, the one checkout fills in",
        params: savedAddressParamsSchema,
        response: { 200: savedAddressesSchema, ...writeErrors },
      },
    },
    async (request) => {
      const customerId = signedInCustomerOf(request);
      return { addresses: await makeDefaultAddress(db, customerId, request.params.id) };
    },
  );

  app.delete(
    ONE,
    {
      config: {
        ...writeLimit,
        customer: { signedIn: "addresses", beforeBody: true },
        private: true,
      },
      schema: {
        tags: ["account"],
        summary: "Delete a saved address (deleting the default makes the oldest left the default)",
        params: savedAddressParamsSchema,
        response: { 200: savedAddressesSchema, ...writeErrors },
      },
    },
    async (request) => {
      const customerId = signedInCustomerOf(request);
      return { addresses: await deleteAddress(db, customerId, request.params.id) };
    },
  );
}
