// `npm run messages`: extracts the storefront's texts into the PO catalogues and compiles them;
// `npm run messages -- checkout` makes only the areas named.
import { makeCatalogues } from "./messages/catalogues.ts";

await makeCatalogues(process.argv.slice(2));
