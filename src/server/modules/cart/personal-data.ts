import type { PersonalDataPart } from "../../personal-data.ts";
import { cartItems } from "./schema.ts";

/** The cart goes with the account row (cascade); the download leaves it out, as it always has. */
export const cartPersonalData: PersonalDataPart = { tables: [cartItems] };
