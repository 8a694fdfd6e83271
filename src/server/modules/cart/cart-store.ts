import { and, asc, eq, inArray, isNull, notInArray, sql } from "drizzle-orm";
import { type CartLine, mergeCartLines, UNKNOWN_STEPS } from "../../../shared/rules/cart-merge.ts";
import type { Database, Transaction } from "../../db/client.ts";
import { users } from "../auth/schema.ts";
import { readSteps } from "../inventory/index.ts";
import { products } from "../inventory/schema.ts";
import { cartItems } from "./schema.ts";

async function readLines(db: Database | Transaction, customerId: string): Promise<CartLine[]> {
  return db
    .select({ productId: cartItems.productId, quantity: cartItems.quantity })
    .from(cartItems)
    .where(eq(cartItems.customerId, customerId))
    .orderBy(asc(cartItems.updatedAt), asc(cartItems.productId));
}

/** The signed-in customer's cart, in the order its lines were last written. */
export const readCart = (db: Database, customerId: string) => readLines(db, customerId);

/**
 * One customer's cart writes wait for each other: two tabs signing in at once must not both
 * merge into the same starting cart and lose one browser's items.
 */
async function lockCart(tx: Transaction, customerId: string) {
  await tx.select({ id: users.id }).from(users).where(eq(users.id, customerId)).for("update");
}

async function knownProductIds(tx: Transaction, ids: string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  // An archived product has left the shop: a saved cart drops it like a removed one.
  const rows = await tx
    .select({ id: products.id })
    .from(products)
    .where(and(inArray(products.id, ids), isNull(products.archivedAt)));
  return new Set(rows.map((row) => row.id));
}

/** Makes the stored cart exactly `lines`, leaving out products the catalogue does not have. */
async function writeLines(tx: Transaction, customerId: string, lines: CartLine[]) {
  // A product removed from the catalogue, or an id that never existed: a cart cannot hold it,
  // and refusing the whole cart for one stale line would stop it following the customer.
  const known = await knownProductIds(
    tx,
    lines.map((line) => line.productId),
  );
  const kept = lines.filter((line) => known.has(line.productId));
  const keptIds = kept.map((line) => line.productId);
  await tx
    .delete(cartItems)
    .where(
      and(
        eq(cartItems.customerId, customerId),
        keptIds.length === 0 ? undefined : notInArray(cartItems.productId, keptIds),
      ),
    );
  if (kept.length === 0) return;
  // The table has no position column: new lines written together are stamped a millisecond
  // apart, so reading them back by time keeps the cart's order. Unchanged lines keep their stamp.
  const now = Date.now();
  await tx
    .insert(cartItems)
    .values(
      kept.map((line, index) => ({
        customerId,
        productId: line.productId,
        quantity: line.quantity,
        updatedAt: new Date(now + index),
      })),
    )
    .onConflictDoUpdate({
      target: [cartItems.customerId, cartItems.productId],
      set: { quantity: sql`excluded.quantity`, updatedAt: sql`excluded.updated_at` },
      setWhere: sql`${cartItems.quantity} <> excluded.quantity`,
    });
}

/** PUT: the browser's cart becomes the stored cart. */
export async function replaceCart(
  db: Database,
  customerId: string,
  lines: CartLine[],
): Promise<CartLine[]> {
  return db.transaction(async (tx) => {
    await lockCart(tx, customerId);
    // Kept on each product's steps as the sign-in merge keeps them, so both ways of saving a cart
    // store the same thing.
    const steps = await readSteps(tx, [...new Set(lines.map((line) => line.productId))]);
    const onSteps = mergeCartLines(lines, [], (id) => steps.get(id) ?? UNKNOWN_STEPS);
    await writeLines(tx, customerId, onSteps);
    return readLines(tx, customerId);
  });
}

/**
 * At sign-in: the browser's cart and the stored one become one, by the shared merge rule.
 * Answered in the merged cart's order (the browser's lines first), not the table's.
 */
export async function mergeCart(
  db: Database,
  customerId: string,
  browser: CartLine[],
): Promise<CartLine[]> {
  return db.transaction(async (tx) => {
    await lockCart(tx, customerId);
    const stored = await readLines(tx, customerId);
    const ids = [...new Set([...browser, ...stored].map((line) => line.productId))];
    const steps = await readSteps(tx, ids);
    const merged = mergeCartLines(browser, stored, (id) => steps.get(id) ?? UNKNOWN_STEPS);
    await writeLines(tx, customerId, merged);
    const kept = new Set((await readLines(tx, customerId)).map((line) => line.productId));
    return merged.filter((line) => kept.has(line.productId));
  });
}
