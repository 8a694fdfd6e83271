import { Download } from "lucide-react";
import { useId } from "react";
import { ordersCsvQuerySchema } from "../../../../shared/contracts/sales-figures.ts";
import { addDays } from "../../../../shared/rules/bulk-delivery-date.ts";
import { Button } from "../../../components/ui/button.tsx";
import { Field, Input } from "../../../components/ui/field.tsx";
import { textOf, useNativeForm } from "../../../lib/plain-form.ts";
import { schemaChecks } from "../../../lib/schema-checks.ts";
import { Panel } from "../../staff/ui/panel.tsx";
import { ORDER_LINES_CSV_ACTION, ORDERS_CSV_ACTION } from "./api/sales-figures.ts";
import { FIGURES_TEXT as text } from "./figures-text.ts";

const checks = schemaChecks(ordersCsvQuerySchema);

/**
 * The orders of a range of India days as a CSV file: a plain GET form, so the browser downloads
 * the file as the server streams it. The range is checked first with the schema the server
 * parses again; a range it would refuse is not sent.
 */
export function OrdersCsvForm({ today }: { today: string }) {
  const id = useId();
  const form = useNativeForm({
    read: (data) => ({ from: textOf(data, "from"), to: textOf(data, "to") }),
    checks,
  });

  return (
    <Panel title={text.exportHeading} description={text.exportIntro} testId="sales-orders-export">
      <form
        method="get"
        action={ORDERS_CSV_ACTION}
        noValidate
        onSubmit={form.onSubmit}
        className="grid items-start gap-3 sm:grid-cols-2"
        aria-label={text.exportHeading}
      >
        <Field id={`${id}-from`} label={text.exportFrom} error={form.problems.from}>
          <Input type="date" name="from" max={today} defaultValue={addDays(today, -29)} />
        </Field>
        <Field id={`${id}-to`} label={text.exportTo} error={form.problems.to}>
          <Input type="date" name="to" max={today} defaultValue={today} />
        </Field>
        <div className="flex flex-wrap gap-2 sm:col-span-2">
          <Button type="submit" variant="outline">
            <Download aria-hidden="true" className="h-4 w-4" /> {text.exportButton}
          </Button>
          <Button type="submit" variant="outline" formAction={ORDER_LINES_CSV_ACTION}>
            <Download aria-hidden="true" className="h-4 w-4" /> {text.exportLinesButton}
          </Button>
        </div>
      </form>
    </Panel>
  );
}
