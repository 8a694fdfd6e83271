import { Download } from "lucide-react";
import { type FormEvent, useId, useState } from "react";
import { ordersCsvQuerySchema } from "../../../../shared/contracts/sales-figures.ts";
import { addDays } from "../../../../shared/rules/bulk-delivery-date.ts";
import { Button } from "../../../components/ui/button.tsx";
import { Field, Input } from "../../../components/ui/field.tsx";
import { Panel } from "../../staff/ui/panel.tsx";
import { ORDERS_CSV_ACTION } from "./api/sales-figures.ts";
import { FIGURES_TEXT as text } from "./figures-text.ts";

type Errors = Partial<Record<"from" | "to", string>>;

/**
 * The orders of a range of India days as a CSV file: a plain GET form, so the browser downloads
 * the file as the server streams it. The range is checked first with the schema the server
 * parses again; a range it would refuse is not sent.
 */
export function OrdersCsvForm({ today }: { today: string }) {
  const id = useId();
  const [from, setFrom] = useState(() => addDays(today, -29));
  const [to, setTo] = useState(today);
  const [errors, setErrors] = useState<Errors>({});

  const submit = (event: FormEvent<HTMLFormElement>) => {
    const parsed = ordersCsvQuerySchema.safeParse({ from, to });
    if (parsed.success) {
      setErrors({});
      return;
    }
    event.preventDefault();
    const found: Errors = {};
    for (const issue of parsed.error.issues) {
      const field = issue.path[0] === "from" ? "from" : "to";
      found[field] ??= issue.message;
    }
    setErrors(found);
  };

  return (
    <Panel title={text.exportHeading} description={text.exportIntro} testId="sales-orders-export">
      <form
        method="get"
        action={ORDERS_CSV_ACTION}
        noValidate
        onSubmit={submit}
        className="grid items-start gap-3 sm:grid-cols-[1fr_1fr_auto]"
        aria-label={text.exportHeading}
      >
        <Field id={`${id}-from`} label={text.exportFrom} error={errors.from}>
          <Input
            type="date"
            name="from"
            max={today}
            value={from}
            onChange={(event) => setFrom(event.target.value)}
          />
        </Field>
        <Field id={`${id}-to`} label={text.exportTo} error={errors.to}>
          <Input
            type="date"
            name="to"
            max={today}
            value={to}
            onChange={(event) => setTo(event.target.value)}
          />
        </Field>
        <Button type="submit" variant="outline" className="sm:mt-7">
          <Download aria-hidden="true" className="h-4 w-4" /> {text.exportButton}
        </Button>
      </form>
    </Panel>
  );
}
