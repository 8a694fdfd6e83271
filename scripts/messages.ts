// `npm run messages`: extracts the storefront's texts into the PO catalogues and compiles them.
import { makeCatalogues } from "./messages/catalogues.ts";

await makeCatalogues();
