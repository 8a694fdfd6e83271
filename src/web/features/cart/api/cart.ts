import type { CartInput, StoredCart } from "../../../../shared/contracts/cart.ts";
import { api } from "../../../lib/api-client.ts";

type Lines = CartInput["items"];

/** The signed-in customer's cart as their account keeps it. */
export const fetchAccountCart = () => api.get<StoredCart>("/api/cart");

/** Makes the account's cart this browser's cart. */
export const saveAccountCart = (items: Lines) => api.put<StoredCart>("/api/cart", { items });

/** At sign-in: adds this browser's cart to the account's and answers the merged cart. */
export const mergeAccountCart = (items: Lines) =>
  api.post<StoredCart>("/api/cart/merge", { items });
