import { and, asc, desc, eq, ne } from "drizzle-orm";
import type { Delivery } from "../../../shared/contracts/checkout.ts";
import {
  SAVED_ADDRESS_LIMITS,
  SAVED_ADDRESS_MESSAGES,
  type SavedAddress,
  type SavedAddressValues,
} from "../../../shared/contracts/saved-addresses.ts";
import { fill } from "../../../shared/i18n/fill.ts";
import {
  isServiceable,
  OUTSIDE_DELIVERY_AREA_MESSAGE,
} from "../../../shared/rules/delivery-area.ts";
import { isSameAddress } from "../../../shared/rules/saved-addresses.ts";
import type { Database, Transaction } from "../../db/client.ts";
import { AppError } from "../../http/app-error.ts";
import { users } from "../auth/schema.ts";
import { customerAddresses } from "./schema.ts";

const columns = {
  id: customerAddresses.id,
  label: customerAddresses.label,
  address: customerAddresses.address,
  city: customerAddresses.city,
  state: customerAddresses.state,
  pincode: customerAddresses.pincode,
  isDefault: customerAddresses.isDefault,
};

function readAddresses(db: Database | Transaction, customerId: string): Promise<SavedAddress[]> {
  return db
    .select(columns)
    .from(customerAddresses)
    .where(eq(customerAddresses.customerId, customerId))
    .orderBy(desc(customerAddresses.isDefault), asc(customerAddresses.id));
}

/** The customer's saved addresses, the default first. */
export const listAddresses = (db: Database, customerId: string) => readAddresses(db, customerId);

/**
 * One customer's address writes wait for each other, so two tabs cannot both pass the cap or
 * the duplicate check. A key-sharing lock: the customer's cart and orders are not held up.
 */
async function lockBook(tx: Transaction, customerId: string) {
  const [customer] = await tx
    .select({ id: users.id })
    .from(users)
    .where(eq(users.id, customerId))
    .for("no key update");
  if (!customer) throw new AppError("UNAUTHORIZED", SAVED_ADDRESS_MESSAGES.signIn);
}

const own = (customerId: string, id: number) =>
  and(eq(customerAddresses.customerId, customerId), eq(customerAddresses.id, id));

async function findOwn(tx: Transaction, customerId: string, id: number) {
  const [row] = await tx.select(columns).from(customerAddresses).where(own(customerId, id));
  // Another customer's address answers as one that does not exist: ids reveal nothing.
  if (!row) throw new AppError("NOT_FOUND", SAVED_ADDRESS_MESSAGES.notFound);
  return row;
}

function checkServiceable(pincode: string, serviceable: readonly string[]) {
  if (!isServiceable(pincode, serviceable)) {
    throw new AppError("VALIDATION_FAILED", OUTSIDE_DELIVERY_AREA_MESSAGE, "pincode");
  }
}

/** The partial unique index allows one default: the old one steps down first. */
async function setDefault(tx: Transaction, customerId: string, id: number) {
  await tx
    .update(customerAddresses)
    .set({ isDefault: false, updatedAt: new Date() })
    .where(
      and(
        eq(customerAddresses.customerId, customerId),
        eq(customerAddresses.isDefault, true),
        ne(customerAddresses.id, id),
      ),
    );
  await tx
    .update(customerAddresses)
    .set({ isDefault: true, updatedAt: new Date() })
    .where(own(customerId, id));
}

const placeOf = (values: Delivery): Delivery => ({
  address: values.address,
  city: values.city,
  state: values.state,
  pincode: values.pincode,
});

type Added = { outcome: "saved" | "already saved" | "full"; addresses: SavedAddress[] };

async function insertAddress(
  tx: Transaction,
  customerId: string,
  values: Delivery & { label: string; makeDefault?: boolean | undefined },
): Promise<Added> {
  const existing = await readAddresses(tx, customerId);
  if (existing.some((saved) => isSameAddress(saved, values))) {
    return { outcome: "already saved", addresses: existing };
  }
  if (existing.length >= SAVED_ADDRESS_LIMITS.perCustomer) {
    return { outcome: "full", addresses: existing };
  }
  const [row] = await tx
    .insert(customerAddresses)
    .values({ customerId, label: values.label, ...placeOf(values) })
    .returning({ id: customerAddresses.id });
  if (values.makeDefault || existing.length === 0) await setDefault(tx, customerId, row!.id);
  return { outcome: "saved", addresses: await readAddresses(tx, customerId) };
}

/** Saves a new address; the first one saved becomes the default. */
export async function addAddress(
  db: Database,
  customerId: string,
  values: SavedAddressValues,
  serviceable: readonly string[],
): Promise<SavedAddress[]> {
  checkServiceable(values.pincode, serviceable);
  return db.transaction(async (tx) => {
    await lockBook(tx, customerId);
    const added = await insertAddress(tx, customerId, values);
    if (added.outcome === "already saved") {
      throw new AppError("CONFLICT", SAVED_ADDRESS_MESSAGES.duplicate, "address");
    }
    if (added.outcome === "full") {
      throw new AppError(
        "CONFLICT",
        fill(SAVED_ADDRESS_MESSAGES.tooMany, { count: SAVED_ADDRESS_LIMITS.perCustomer }),
      );
    }
    return added.addresses;
  });
}

/** Replaces one of the customer's addresses; it stays the default if it was. */
export async function updateAddress(
  db: Database,
  customerId: string,
  id: number,
  values: SavedAddressValues,
  serviceable: readonly string[],
): Promise<SavedAddress[]> {
  return db.transaction(async (tx) => {
    await lockBook(tx, customerId);
    await findOwn(tx, customerId, id);
    checkServiceable(values.pincode, serviceable);
    const others = (await readAddresses(tx, customerId)).filter((saved) => saved.id !== id);
    if (others.some((saved) => isSameAddress(saved, values))) {
      throw new AppError("CONFLICT", SAVED_ADDRESS_MESSAGES.duplicate, "address");
    }
    await tx
      .update(customerAddresses)
      .set({ label: values.label, ...placeOf(values), updatedAt: new Date() })
      .where(own(customerId, id));
    if (values.makeDefault) await setDefault(tx, customerId, id);
    return readAddresses(tx, customerId);
  });
}

/** Makes one of the customer's addresses the one checkout fills in. */
export async function makeDefaultAddress(
  db: Database,
  customerId: string,
  id: number,
): Promise<SavedAddress[]> {
  return db.transaction(async (tx) => {
    await lockBook(tx, customerId);
    await findOwn(tx, customerId, id);
    await setDefault(tx, customerId, id);
    return readAddresses(tx, customerId);
  });
}

/**
 * Deletes one of the customer's addresses. Deleting the default hands it to the oldest one left,
 * so checkout still fills one in while any remain.
 */
export async function deleteAddress(
  db: Database,
  customerId: string,
  id: number,
): Promise<SavedAddress[]> {
  return db.transaction(async (tx) => {
    await lockBook(tx, customerId);
    const row = await findOwn(tx, customerId, id);
    await tx.delete(customerAddresses).where(own(customerId, id));
    const left = await readAddresses(tx, customerId);
    if (row.isDefault && left[0]) {
      await setDefault(tx, customerId, left[0].id);
      return readAddresses(tx, customerId);
    }
    return left;
  });
}

/**
 * The checkout tick: keeps the order's delivery address unless it is already saved or the book
 * is full. The order has been placed (its PIN code checked); this never refuses anything.
 */
export async function keepCheckoutAddress(
  db: Database,
  customerId: string,
  delivery: Delivery,
): Promise<Added["outcome"]> {
  return db.transaction(async (tx) => {
    await lockBook(tx, customerId);
    return (await insertAddress(tx, customerId, { ...placeOf(delivery), label: "" })).outcome;
  });
}
