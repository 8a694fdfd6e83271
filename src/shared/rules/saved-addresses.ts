import type { Delivery } from "../contracts/checkout.ts";

/** Spelling that does not make a different place: case and runs of spaces. */
const plain = (text: string) => text.trim().replace(/\s+/g, " ").toLowerCase();

/** Whether two addresses are the same place, so the same one is never saved twice. */
export function isSameAddress(a: Delivery, b: Delivery): boolean {
  return (
    plain(a.address) === plain(b.address) &&
    plain(a.city) === plain(b.city) &&
    plain(a.state) === plain(b.state) &&
    a.pincode.trim() === b.pincode.trim()
  );
}

/** One line for a saved address, as checkout's choice and the address book show it. */
export function addressLine(address: Delivery): string {
  return `${address.address}, ${address.city}, ${address.state} ${address.pincode}`;
}
