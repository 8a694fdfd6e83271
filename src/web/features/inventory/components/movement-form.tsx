import { useEffect, useId, useState } from "react";
import {
  type InventoryProduct,
  type StockMovementRequest,
  stockMovementRequestSchema,
} from "../../../../shared/contracts/inventory.ts";
import { shopDate } from "../../../../shared/rules/bulk-delivery-date.ts";
import { isWeighed, parseQuantityText } from "../../../../shared/rules/measure.ts";
import { rupeesTextToPaise } from "../../../../shared/rules/product-form.ts";
import {
  EARLIEST_HARVEST_DATE,
  type ManualMovementKind,
  WRITE_OFF_REASON_LABELS,
  WRITE_OFF_REASONS,
} from "../../../../shared/rules/stock-movement.ts";
import { toast } from "../../../components/toasts.tsx";
import { Button } from "../../../components/ui/button.tsx";
import { Field, Input, Select } from "../../../components/ui/field.tsx";
import { errorMessage } from "../../../lib/api-client.ts";
import { refuseField, useCheckedForm } from "../../../lib/checked-form.ts";
import { cn } from "../../../lib/cn.ts";
import type { FormChecks } from "../../../lib/form-checks.ts";
import { schemaChecks } from "../../../lib/schema-checks.ts";
import { useStockLots } from "../api/lots.ts";
import { useRecordMovement } from "../api/movements.ts";
import { INVENTORY_TEXT } from "../texts.ts";
import { FormError } from "./version-conflict.tsx";

const KINDS: { kind: ManualMovementKind; label: string; hint: string }[] = [
  { kind: "receipt", label: "Receive stock", hint: "A delivery from a farm or supplier." },
  { kind: "write_off", label: "Write off", hint: "Spoiled, damaged or expired stock." },
  { kind: "count", label: "Count correction", hint: "What is on the shelf after a count." },
];

const text = INVENTORY_TEXT.movement;

type Values = {
  quantity: string;
  supplier: string;
  harvestedOn: string;
  bestBefore: string;
  unitCost: string;
  reason: string;
  counted: string;
  /** A lot's id as the select holds it; "" is oldest first (no lot named). */
  lotId: string;
  note: string;
};

const EMPTY = (today: string): Values => ({
  quantity: "",
  supplier: "",
  harvestedOn: today,
  bestBefore: "",
  unitCost: "",
  reason: "",
  counted: "",
  lotId: "",
  note: "",
});

/** The request's fields the form calls otherwise: the cost is typed in rupees. */
const FIELD_OF = { unitCostPaise: "unitCost" } as const;

/** The fields a server refusal of this kind lands on (the rest show above the form). */
const REFUSED_FIELDS: Record<ManualMovementKind, readonly (keyof Values)[]> = {
  receipt: ["bestBefore"],
  write_off: ["lotId"],
  count: ["lotId"],
};

const lotIdOf = (value: string) => (value === "" ? undefined : Number(value));

/** The field the kind's quantity is typed in: how much moved, or what the count found. */
const quantityFieldOf = (kind: ManualMovementKind) => (kind === "count" ? "counted" : "quantity");

/**
 * A quantity as typed, in the product's unit: kilograms with up to 3 decimals for what is weighed
 * ("12.5" is 12,500 g), whole units otherwise. What is no quantity goes to the schema as NaN, and
 * the field shows the shared rule's words for it.
 */
function quantityOf(typed: string, unit: string): number {
  const read = parseQuantityText(typed, unit);
  return "quantity" in read ? read.quantity : Number.NaN;
}

function requestOf(kind: ManualMovementKind, values: Values, unit: string): unknown {
  const note = values.note.trim() || undefined;
  if (kind === "receipt") {
    const cost = values.unitCost.trim();
    return {
      kind,
      quantity: quantityOf(values.quantity, unit),
      supplier: values.supplier,
      harvestedOn: values.harvestedOn,
      bestBefore: values.bestBefore || undefined,
      unitCostPaise: cost === "" ? undefined : (rupeesTextToPaise(cost) ?? Number.NaN),
      note,
    };
  }
  if (kind === "write_off") {
    return {
      kind,
      quantity: quantityOf(values.quantity, unit),
      reason: values.reason || undefined,
      lotId: lotIdOf(values.lotId),
      note,
    };
  }
  return { kind, counted: quantityOf(values.counted, unit), lotId: lotIdOf(values.lotId), note };
}

/** The shared schema on the movement of the chosen kind, a quantity that is no quantity told so. */
function movementChecks(
  kind: ManualMovementKind,
  unit: string,
): FormChecks<Values, StockMovementRequest> {
  const checks = schemaChecks(stockMovementRequestSchema, {
    request: (values: Values) => requestOf(kind, values, unit),
    fieldOf: FIELD_OF,
  });
  return (values) => {
    const checked = checks(values);
    if (checked.ok) return checked;
    const field = quantityFieldOf(kind);
    const read = parseQuantityText(values[field], unit);
    if (!("problem" in read)) return checked;
    return { ok: false, problems: { ...checked.problems, [field]: read.problem } };
  };
}

function doneMessage(request: StockMovementRequest, product: InventoryProduct): string {
  if (request.kind === "receipt")
    return text.received(request.quantity, product.unit, product.name);
  if (request.kind === "write_off")
    return text.wroteOff(request.quantity, product.unit, product.name);
  return text.countRecorded(request.counted, product.unit, product.name);
}

/** Receive, write off or count: every stock change is one recorded movement. */
export function MovementForm({ product }: { product: InventoryProduct }) {
  const id = useId();
  const today = shopDate(new Date());
  const [kind, setKind] = useState<ManualMovementKind>("receipt");
  const [refusal, setRefusal] = useState<string>();
  const record = useRecordMovement(product.id);
  // The shared schema on the movement of the chosen kind; the cost is typed in rupees and a
  // weighed product's quantities in kilograms.
  const form = useCheckedForm(movementChecks(kind, product.unit), {
    defaultValues: EMPTY(today),
    reValidateMode: "onSubmit",
    shouldFocusError: false,
  });
  const { errors } = form.formState;
  const namesLot = kind !== "receipt";
  const lots = useStockLots(product.id, { enabled: namesLot });
  const harvestedOn = form.watch("harvestedOn");
  const chosenLot = form.watch("lotId");

  // A lot emptied meanwhile (a sale, another manager) leaves the list: the choice falls back to
  // oldest first rather than send a lot the select no longer shows.
  const { setValue } = form;
  useEffect(() => {
    if (chosenLot && lots.data && !lots.data.lots.some((lot) => String(lot.id) === chosenLot)) {
      setValue("lotId", "");
    }
  }, [chosenLot, lots.data, setValue]);

  const recordMovement = form.handleSubmit(async (movement) => {
    try {
      await record.mutateAsync(movement);
      toast.success(doneMessage(movement, product));
      form.reset(EMPTY(today));
    } catch (error) {
      const onField = refuseField(form, error, REFUSED_FIELDS[movement.kind], {
        fieldOf: FIELD_OF,
      });
      if (!onField) setRefusal(errorMessage(error));
    }
  });
  const submit = (event: React.FormEvent<HTMLFormElement>) => {
    setRefusal(undefined);
    void recordMovement(event);
  };

  const fieldId = (name: string) => `${id}-${name}`;
  const weighed = isWeighed(product.unit);
  // A weighed product's quantity is kilograms with decimals: the hint says so under the field.
  const quantityField = (name: "quantity" | "counted", label: string) => (
    <div className="space-y-1">
      <Field id={fieldId(name)} label={label} required error={errors[name]?.message}>
        <Input
          inputMode={weighed ? "decimal" : "numeric"}
          autoComplete="off"
          placeholder={weighed ? text.kilosPlaceholder : undefined}
          aria-describedby={
            [weighed ? fieldId("kilos-hint") : "", errors[name] ? `${fieldId(name)}-error` : ""]
              .filter(Boolean)
              .join(" ") || undefined
          }
          {...form.register(name)}
        />
      </Field>
      {weighed && (
        <p id={fieldId("kilos-hint")} className="text-xs text-ink-500">
          {text.kilosHint}
        </p>
      )}
    </div>
  );
  return (
    <form noValidate onSubmit={submit} className="space-y-4" aria-label="Record a stock movement">
      <fieldset>
        <legend className="mb-2 text-sm font-semibold text-ink-700">What happened?</legend>
        <div className="grid grid-cols-3 gap-2">
          {KINDS.map((choice) => (
            <label
              key={choice.kind}
              className={cn(
                "flex cursor-pointer flex-col rounded-2xl border bg-white p-2.5 text-sm sm:p-3 transition-colors has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-brand-600",
                kind === choice.kind
                  ? "border-brand-600 bg-brand-50"
                  : "border-cream-200 hover:border-brand-200",
              )}
            >
              <span className="flex items-center gap-2 font-semibold leading-tight text-ink-900">
                <input
                  type="radio"
                  name={`${id}-kind`}
                  value={choice.kind}
                  checked={kind === choice.kind}
                  onChange={() => {
                    setKind(choice.kind);
                    form.clearErrors();
                    setRefusal(undefined);
                  }}
                  className="h-4 w-4 accent-brand-600"
                />
                {choice.label}
              </span>
              <span className="mt-1 hidden text-xs text-ink-500 sm:block">{choice.hint}</span>
            </label>
          ))}
        </div>
      </fieldset>

      {refusal && <FormError message={refusal} />}

      <div className="grid gap-4 sm:grid-cols-2">
        {kind !== "count" && quantityField("quantity", text.quantity(product.unit))}
        {kind === "receipt" && (
          <>
            <Field
              id={fieldId("supplier")}
              label="Farm or supplier"
              required
              error={errors.supplier?.message}
            >
              <Input autoComplete="off" {...form.register("supplier")} maxLength={120} />
            </Field>
            <Field
              id={fieldId("harvested")}
              label="Harvest date"
              required
              error={errors.harvestedOn?.message}
            >
              <Input
                type="date"
                min={EARLIEST_HARVEST_DATE}
                max={today}
                {...form.register("harvestedOn")}
              />
            </Field>
            <Field
              id={fieldId("cost")}
              label={text.unitCost(product.unit)}
              error={errors.unitCost?.message}
            >
              <Input inputMode="decimal" autoComplete="off" {...form.register("unitCost")} />
            </Field>
            <Field
              id={fieldId("best-before")}
              label={text.bestBefore}
              error={errors.bestBefore?.message}
            >
              <Input
                type="date"
                min={harvestedOn || EARLIEST_HARVEST_DATE}
                {...form.register("bestBefore")}
              />
            </Field>
          </>
        )}
        {kind === "write_off" && (
          <Field id={fieldId("reason")} label="Reason" required error={errors.reason?.message}>
            <Select {...form.register("reason")}>
              <option value="">Choose a reason</option>
              {WRITE_OFF_REASONS.map((reason) => (
                <option key={reason} value={reason}>
                  {WRITE_OFF_REASON_LABELS[reason]}
                </option>
              ))}
            </Select>
          </Field>
        )}
        {kind === "count" && quantityField("counted", text.counted(product.unit))}
        {namesLot && (
          <div className="space-y-1.5">
            <Field id={fieldId("lot")} label={text.lot} error={errors.lotId?.message}>
              <Select
                aria-describedby={`${fieldId("lot")}-hint${errors.lotId ? ` ${fieldId("lot")}-error` : ""}`}
                {...form.register("lotId")}
              >
                <option value="">{text.oldestFirst}</option>
                {lots.data?.lots.map((lot) => (
                  <option key={lot.id} value={lot.id}>
                    {text.lotOption(lot.label, lot.remaining, product.unit, lot.expired)}
                  </option>
                ))}
              </Select>
            </Field>
            <p id={`${fieldId("lot")}-hint`} className="text-xs text-ink-500">
              {lots.isPending
                ? text.lotsLoading
                : lots.isError
                  ? text.lotsFailed
                  : kind === "count"
                    ? text.lotHintCount
                    : text.lotHintWriteOff}
              {lots.isError && (
                <>
                  {" "}
                  <button
                    type="button"
                    onClick={() => void lots.refetch()}
                    className="font-semibold text-brand-700 underline underline-offset-2 hover:text-brand-800"
                  >
                    {text.retryLots}
                  </button>
                </>
              )}
            </p>
          </div>
        )}
        <Field id={fieldId("note")} label="Note (optional)" error={errors.note?.message}>
          <Input autoComplete="off" maxLength={500} {...form.register("note")} />
        </Field>
      </div>
      {kind === "count" && (
        <p className="text-sm text-ink-500">{text.stockShows(product.stock, product.unit)}</p>
      )}
      <div className="flex justify-end">
        <Button type="submit" disabled={record.isPending}>
          {record.isPending
            ? "Recording…"
            : kind === "receipt"
              ? "Receive stock"
              : kind === "write_off"
                ? "Write off stock"
                : "Record count"}
        </Button>
      </div>
    </form>
  );
}
