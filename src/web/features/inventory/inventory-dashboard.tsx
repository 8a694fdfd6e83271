import { Boxes } from "lucide-react";
import { EmptyState, Panel } from "../staff/panel.tsx";

/** Dashboard 1's panels: catalogue, prices, stock and photos. */
export function InventoryDashboard() {
  return (
    <Panel title="Stock" description="Products, prices and stock levels.">
      <EmptyState icon={Boxes} title="Stock panels are on their way">
        The catalogue, stock levels and the stock ledger will appear here.
      </EmptyState>
    </Panel>
  );
}
