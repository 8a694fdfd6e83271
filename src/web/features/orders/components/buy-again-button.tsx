import { RotateCcw } from "lucide-react";
import { useState } from "react";
import type { BuyAgain } from "../../../../shared/contracts/buy-again.ts";
import { buyAgainPath } from "../../../../shared/contracts/buy-again-paths.ts";
import {
  planBuyAgain,
  reducedValues,
  BUY_AGAIN_TEXT as TEXT,
} from "../../../../shared/rules/buy-again.ts";
import { formatQuantityIn, type Translate } from "../../../../shared/rules/measure.ts";
import { SHELL_TEXTS } from "../../../app/layout/shell-texts.ts";
import { toast } from "../../../components/toasts.tsx";
import { Button } from "../../../components/ui/button.tsx";
import { api, errorMessage } from "../../../lib/api-client.ts";
import { useLingui } from "../../../lib/i18n/react-binding.tsx";
import { mostOnSteps } from "../../../lib/product-quantity.ts";
import { useNavigate } from "../../../lib/router/index.ts";
import { useCart } from "../../cart/cart-context.tsx";

/** Puts an earlier order's products in the cart again, at today's prices and within stock. */
export function BuyAgainButton({ orderNumber }: { orderNumber: string }) {
  const { items, addItem } = useCart();
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  const { i18n } = useLingui();
  const translate: Translate = (id, values) => i18n._(id, values);
  const inWords = (amount: number, unit: string) => formatQuantityIn(translate, amount, unit);

  async function buyAgain() {
    setBusy(true);
    try {
      const { lines, today } = await api.get<BuyAgain>(buyAgainPath(orderNumber));
      const inCart = new Map(items.map((item) => [item.product.id, item.quantity]));
      const plan = planBuyAgain(lines, new Map(today.map((p) => [p.id, p])), inCart);
      // The line ends on the product's steps, never above what the plan found room for (a stock
      // of 400 g of what is sold from 250 g in steps of 250 g gives 250 g).
      const adding = plan.items.flatMap((item) => {
        const already = inCart.get(item.product.id) ?? 0;
        const quantity = mostOnSteps(item.product, already + item.quantity) - already;
        return quantity > 0 ? [{ ...item, quantity }] : [];
      });
      for (const item of adding) addItem(item.product, item.quantity);
      const names = (left: typeof plan.left) => left.map((product) => product.name).join(", ");
      const archived = plan.left.filter((left) => left.reason === "archived");
      const soldOut = plan.left.filter((left) => left.reason === "sold_out");
      const notes = [
        ...(archived.length > 0 ? [i18n._(TEXT.archived, { names: names(archived) })] : []),
        ...(soldOut.length > 0 ? [i18n._(TEXT.soldOut, { names: names(soldOut) })] : []),
        ...plan.reduced.map((line) => i18n._(TEXT.reduced, reducedValues(line, inWords))),
      ].join(" ");
      if (adding.length === 0) {
        toast.error(i18n._(TEXT.nothingAdded), { description: notes || undefined });
        return;
      }
      toast.success(i18n._(TEXT.added, { count: adding.length }), {
        description: notes || undefined,
        action: { label: i18n._(SHELL_TEXTS.viewCart), onClick: () => navigate("/cart") },
        // Long enough to read which products were left out.
        duration: notes ? 12_000 : 4_000,
      });
    } catch (error) {
      toast.error(i18n._(TEXT.failed), { description: i18n._(errorMessage(error)) });
    } finally {
      setBusy(false);
    }
  }

  return (
    <Button variant="outline" size="sm" onClick={buyAgain} disabled={busy} aria-busy={busy}>
      <RotateCcw aria-hidden="true" className="h-4 w-4" />
      {i18n._(busy ? TEXT.busy : TEXT.button)}
      <span className="sr-only"> ({orderNumber})</span>
    </Button>
  );
}
