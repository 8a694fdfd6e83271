// Where a bench's simulated shopper has orders delivered: inside the store's delivery area
// (Bhubaneswar, a serviceable PIN code), a plot of its own so that shoppers' addresses differ.
import type { PlaceOrderInput } from "../../src/shared/contracts/checkout.ts";

export function shopperDelivery(shopperId: number): PlaceOrderInput["delivery"] {
  return {
    address: `Plot ${shopperId % 500}, Saheed Nagar`,
    city: "Bhubaneswar",
    state: "Odisha",
    pincode: "751007",
  };
}
