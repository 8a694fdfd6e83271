import { Archive, ArchiveRestore, IndianRupee, Tags, X } from "lucide-react";
import type { InventoryProductRow } from "../../../../shared/contracts/inventory.ts";
import type { BulkAction } from "../../../../shared/contracts/inventory-bulk.ts";
import { Button } from "../../../components/ui/button.tsx";
import { INVENTORY_TEXT } from "../texts.ts";

const text = INVENTORY_TEXT.bulk;

/**
 * What can be done to the ticked rows, as in Shopify admin: it follows the manager down a long
 * table (sticky at the bottom of the screen) until the selection is cleared.
 */
export function BulkBar({
  products,
  onAction,
  onClear,
}: {
  products: InventoryProductRow[];
  onAction(action: BulkAction): void;
  onClear(): void;
}) {
  if (products.length === 0) return null;
  const someActive = products.some((product) => !product.archived);
  const someArchived = products.some((product) => product.archived);
  return (
    <section
      aria-label={text.region}
      className="sticky bottom-3 z-30 flex flex-wrap items-center gap-2 rounded-2xl border border-brand-200 bg-white p-3 shadow-card"
    >
      <p className="mr-auto px-1 text-sm font-bold text-ink-900">
        {text.selected(products.length)}
      </p>
      {/* First on a phone, beside the count: the actions then share one line below. */}
      <Button variant="ghost" size="sm" onClick={onClear} className="sm:order-last">
        <X aria-hidden="true" className="h-4 w-4" /> {text.clear}
      </Button>
      <div className="flex basis-full flex-wrap gap-2 sm:basis-auto">
        {someActive && (
          <Button variant="outline" size="sm" onClick={() => onAction("archive")}>
            <Archive aria-hidden="true" className="hidden h-4 w-4 sm:block" /> {text.archive}
          </Button>
        )}
        {someArchived && (
          <Button variant="outline" size="sm" onClick={() => onAction("restore")}>
            <ArchiveRestore aria-hidden="true" className="hidden h-4 w-4 sm:block" /> {text.restore}
          </Button>
        )}
        <Button variant="outline" size="sm" onClick={() => onAction("category")}>
          <Tags aria-hidden="true" className="hidden h-4 w-4 sm:block" />
          <span className="sr-only sm:not-sr-only">{text.changeWord} </span>
          <span className="capitalize sm:normal-case">{text.categoryShort}</span>
        </Button>
        <Button variant="outline" size="sm" onClick={() => onAction("price")}>
          <IndianRupee aria-hidden="true" className="hidden h-4 w-4 sm:block" />
          <span className="sr-only sm:not-sr-only">{text.changeWord} </span>
          <span className="capitalize sm:normal-case">{text.priceShort}</span>
        </Button>
      </div>
    </section>
  );
}
