/**
 * The 30-60 minute promise holds near the store only. Bhubaneswar's PIN codes are the default
 * service area; deployments set their own list (SERVICEABLE_PINCODES).
 */
export const DEFAULT_SERVICEABLE_PINCODES: readonly string[] = Array.from(
  { length: 31 },
  (_, index) => String(751001 + index),
);

export function isServiceable(pincode: string, serviceable: readonly string[]): boolean {
  return serviceable.includes(pincode.trim());
}

export const OUTSIDE_DELIVERY_AREA_MESSAGE =
  /*i18n*/ "Sorry, we don't deliver to this PIN code yet. We deliver across Bhubaneswar within 30-60 minutes.";
