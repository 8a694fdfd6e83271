import { Archive, ArchiveRestore, Save } from "lucide-react";
import { useEffect, useId, useRef, useState } from "react";
import { useWatch } from "react-hook-form";
import { CATEGORY_IDS, CATEGORY_NAMES, PRODUCT_UNITS } from "../../../../shared/catalogue.ts";
import type { InventoryProduct, ProductForm } from "../../../../shared/contracts/inventory.ts";
import { type HsnSuggestion, suggestHsn } from "../../../../shared/rules/hsn-suggestion.ts";
import { isWeighed } from "../../../../shared/rules/measure.ts";
import {
  isLargePriceChange,
  PRICE_CHANGE_MESSAGES,
  priceChangeSentence,
} from "../../../../shared/rules/price-change.ts";
import {
  GST_RATES_BPS,
  gstRateLabel,
  PRODUCT_FORM_LIMITS,
} from "../../../../shared/rules/product-form.ts";
import { toast } from "../../../components/toasts.tsx";
import { Button } from "../../../components/ui/button.tsx";
import { Checkbox } from "../../../components/ui/checkbox.tsx";
import { Field, Input, Select, Textarea } from "../../../components/ui/field.tsx";
import { LoadError } from "../../../components/ui/query-state.tsx";
import { Spinner } from "../../../components/ui/spinner.tsx";
import { ApiError, errorMessage } from "../../../lib/api-client.ts";
import { refuseField, useCheckedForm } from "../../../lib/checked-form.ts";
import { useUploadPhoto } from "../api/photos.ts";
import {
  useArchiveProduct,
  useCreateProduct,
  useInventoryProduct,
  useUpdateProduct,
} from "../api/products.ts";
import { INVENTORY_TEXT } from "../texts.ts";
import { Dialog } from "./dialog.tsx";
import { PhotoUpload } from "./photo-upload.tsx";
import {
  EMPTY_PRODUCT_FORM,
  formValuesOf,
  PRODUCT_FIELD_OF,
  PRODUCT_FIELDS,
  type ProductFormValues,
  productFormChecks,
} from "./product-form-values.ts";
import { FormError, isVersionConflict, VersionConflict } from "./version-conflict.tsx";

const text = INVENTORY_TEXT.product;

/** The fields a product has per language besides English: its name and its description. */
const LOCAL_LANGUAGES = [
  { lang: "or", name: "nameOr", description: "descriptionOr" },
  { lang: "hi", name: "nameHi", description: "descriptionHi" },
] as const;

/** Add a product (no id) or edit one: the same form, the same shared schema. */
export function ProductFormDialog({
  productId,
  open,
  onOpenChange,
}: {
  productId: string | undefined;
  open: boolean;
  onOpenChange(open: boolean): void;
}) {
  // A product added whose photo then failed: the dialog stays open on it, now editing it.
  const [added, setAdded] = useState<InventoryProduct>();
  const product = useInventoryProduct(open ? (productId ?? added?.id) : undefined);
  useEffect(() => {
    if (!open) setAdded(undefined);
  }, [open]);
  const editing = Boolean(productId) || Boolean(added);
  const name = product.data?.name ?? added?.name;
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={editing ? `Edit ${name ?? "product"}` : "Add a product"}
      description={
        editing
          ? "Changes show in the shop as soon as you save."
          : "A new product starts with no stock: receive stock to put it on sale."
      }
      wide
    >
      {productId && product.isPending ? (
        <div className="flex justify-center py-16">
          <Spinner label="Loading the product" />
        </div>
      ) : productId && product.isError ? (
        <LoadError error={product.error} onRetry={() => product.refetch()} />
      ) : (
        <ProductFormBody
          key={productId ?? "new"}
          product={product.data ?? added}
          onReload={() => product.refetch()}
          onAdded={setAdded}
          onDone={() => onOpenChange(false)}
        />
      )}
    </Dialog>
  );
}

const useProductForm = (product: InventoryProduct | undefined) =>
  useCheckedForm<ProductFormValues, ProductForm>(productFormChecks, {
    defaultValues: product ? formValuesOf(product) : EMPTY_PRODUCT_FORM,
  });

function ProductFormBody({
  product,
  onReload,
  onAdded,
  onDone,
}: {
  product: InventoryProduct | undefined;
  onReload(): Promise<{ data?: InventoryProduct | undefined }>;
  onAdded(product: InventoryProduct): void;
  onDone(): void;
}) {
  const form = useProductForm(product);
  // The version the manager opened: a live refresh of the product must not move it, or a
  // colleague's save in the meantime would be silently overwritten.
  const [version, setVersion] = useState(product?.version);
  const [refusal, setRefusal] = useState<{ message: string; conflict: boolean }>();
  const [photo, setPhoto] = useState<File>();
  /** A price change beyond the usual share, waiting for the manager's yes. */
  const [confirming, setConfirming] = useState<{ values: ProductForm; from: number }>();
  const [photoProblem, setPhotoProblem] = useState<{ reason: string; sentence: string }>();
  const create = useCreateProduct();
  const update = useUpdateProduct(product?.id ?? "");
  const upload = useUploadPhoto();
  const errors = form.formState.errors;
  const [unit, name] = useWatch({ control: form.control, name: ["unit", "name"] });
  const suggestion = useHsnSuggestion(form, product);
  const weighed = isWeighed(unit);

  const reload = async () => {
    const latest = (await onReload()).data;
    if (!latest) return;
    form.reset(formValuesOf(latest));
    setVersion(latest.version);
    setRefusal(undefined);
  };

  const save = async (values: ProductForm, confirmPriceChange: boolean) => {
    setRefusal(undefined);
    setPhotoProblem(undefined);
    setConfirming(undefined);
    const adding = !product;
    let result: InventoryProduct;
    try {
      result =
        product && version !== undefined
          ? await update.mutateAsync({ ...values, version, confirmPriceChange })
          : await create.mutateAsync(values);
    } catch (error) {
      // The server's own check of a large price change (the price moved since it was opened).
      if (product && error instanceof ApiError && error.code === "CONFIRMATION_REQUIRED") {
        return setConfirming({ values, from: product.pricePaise });
      }
      const conflict = isVersionConflict(error);
      if (!conflict) refuseField(form, error, PRODUCT_FIELDS, { fieldOf: PRODUCT_FIELD_OF });
      setRefusal({ message: errorMessage(error), conflict });
      return;
    }
    if (photo) {
      try {
        await upload.mutateAsync({ id: result.id, file: photo });
      } catch (error) {
        // The product is saved: keep the form, on the saved version, with the photo still chosen.
        setVersion(result.version);
        if (adding) onAdded(result);
        const reason = errorMessage(error);
        setPhotoProblem({
          reason,
          sentence: INVENTORY_TEXT.photo.notUploaded(result.name, adding, reason),
        });
        return;
      }
    }
    toast.success(
      photo
        ? INVENTORY_TEXT.photo.savedWithPhoto(result.name, adding)
        : adding
          ? `Added ${result.name}`
          : `Saved ${result.name}`,
    );
    onDone();
  };

  const submit = form.handleSubmit(async (values) => {
    if (product && isLargePriceChange(product.pricePaise, values.pricePaise)) {
      return setConfirming({ values, from: product.pricePaise });
    }
    await save(values, false);
  });

  const pending = create.isPending || update.isPending || upload.isPending;
  return (
    <div className="space-y-6">
      {refusal &&
        (refusal.conflict ? (
          <VersionConflict message={refusal.message} onReload={reload} />
        ) : (
          <FormError message={refusal.message} />
        ))}
      <form noValidate onSubmit={submit} className="space-y-5" aria-label="Product details">
        <div className="grid gap-4 sm:grid-cols-2">
          <Field id="product-name" label="Name" required error={errors.name?.message}>
            <Input autoComplete="off" {...form.register("name")} />
          </Field>
          <Field id="product-category" label="Category" required error={errors.category?.message}>
            <Select {...form.register("category")}>
              <option value="">Choose a category</option>
              {CATEGORY_IDS.map((id) => (
                <option key={id} value={id}>
                  {CATEGORY_NAMES[id]}
                </option>
              ))}
            </Select>
          </Field>
        </div>
        <Field id="product-description" label="Description" error={errors.description?.message}>
          <Textarea rows={3} {...form.register("description")} />
        </Field>
        <fieldset className="space-y-4 rounded-2xl border border-ink-500/15 p-4">
          <legend className="px-1 text-sm font-semibold text-ink-900">{text.inLanguages}</legend>
          <p className="text-sm text-ink-500">{text.inLanguagesHint}</p>
          <div className="grid gap-4 sm:grid-cols-2">
            {LOCAL_LANGUAGES.map(({ lang, name }) => (
              <Field
                key={name}
                id={`product-${name}`}
                label={text[name]}
                error={errors[name]?.message}
              >
                <Input
                  lang={lang}
                  autoComplete="off"
                  maxLength={PRODUCT_FORM_LIMITS.name}
                  {...form.register(name)}
                />
              </Field>
            ))}
            {LOCAL_LANGUAGES.map(({ lang, description }) => (
              <Field
                key={description}
                id={`product-${description}`}
                label={text[description]}
                error={errors[description]?.message}
              >
                <Textarea lang={lang} rows={2} {...form.register(description)} />
              </Field>
            ))}
          </div>
        </fieldset>
        <div className="grid grid-cols-2 gap-4 sm:grid-cols-3">
          <Field id="product-price" label={text.price(unit)} required error={errors.price?.message}>
            <Input
              inputMode="decimal"
              autoComplete="off"
              placeholder="45.50"
              {...form.register("price")}
            />
          </Field>
          <Field id="product-unit" label="Unit" required error={errors.unit?.message}>
            <Select {...form.register("unit")}>
              <option value="">Choose a unit</option>
              {PRODUCT_UNITS.map((choice) => (
                <option key={choice} value={choice}>
                  {text.unitOption(choice)}
                </option>
              ))}
            </Select>
          </Field>
          <div className="space-y-1">
            <Field
              id="product-threshold"
              label={text.threshold(unit)}
              required
              error={errors.lowStockThreshold?.message}
            >
              <Input
                inputMode={weighed ? "decimal" : "numeric"}
                autoComplete="off"
                aria-describedby={
                  [
                    weighed ? "product-threshold-hint" : "",
                    errors.lowStockThreshold ? "product-threshold-error" : "",
                  ]
                    .filter(Boolean)
                    .join(" ") || undefined
                }
                {...form.register("lowStockThreshold")}
              />
            </Field>
            {weighed && (
              <p id="product-threshold-hint" className="text-xs text-ink-500">
                {text.thresholdHint}
              </p>
            )}
          </div>
          <Field id="product-gst" label="GST rate" required error={errors.gstRateBps?.message}>
            <Select
              aria-describedby={described("product-gst", errors.gstRateBps, suggestion)}
              {...form.register("gstRateBps")}
            >
              {GST_RATES_BPS.map((bps) => (
                <option key={bps} value={String(bps)}>
                  {gstRateLabel(bps)}
                </option>
              ))}
            </Select>
          </Field>
          <Field id="product-hsn" label="HSN code" required error={errors.hsnCode?.message}>
            <Input
              inputMode="numeric"
              autoComplete="off"
              placeholder="0702"
              aria-describedby={described("product-hsn", errors.hsnCode, suggestion)}
              {...form.register("hsnCode")}
            />
          </Field>
          {suggestion && (
            <HsnSuggestionNote
              control={form.control}
              suggestion={suggestion}
              onUse={() => {
                form.setValue("hsnCode", suggestion.hsnCode, { shouldValidate: true });
                form.setValue("gstRateBps", String(suggestion.gstRateBps), {
                  shouldValidate: true,
                });
              }}
            />
          )}
        </div>
        <Field id="product-shelf" label={text.shelfLocation} error={errors.shelfLocation?.message}>
          <Input
            autoComplete="off"
            maxLength={PRODUCT_FORM_LIMITS.shelfLocation}
            placeholder={text.shelfLocationPlaceholder}
            {...form.register("shelfLocation")}
          />
        </Field>
        {weighed && <WeighedSteps form={form} />}
        <fieldset className="rounded-2xl border border-cream-200 bg-white p-4">
          <legend className="px-1 text-sm font-semibold text-ink-700">Shown in the shop as</legend>
          <div className="grid grid-cols-2 gap-3 sm:grid-cols-4">
            <Checkbox id="product-organic" label="Organic" {...form.register("organic")} />
            <Checkbox id="product-local" label="Local" {...form.register("local")} />
            <Checkbox id="product-in-season" label="In season" {...form.register("inSeason")} />
            <Checkbox id="product-featured" label="Featured" {...form.register("featured")} />
          </div>
        </fieldset>
        <PhotoUpload
          product={product}
          name={name}
          file={photo}
          problem={photoProblem?.reason}
          onChoose={(file) => {
            setPhoto(file);
            setPhotoProblem(undefined);
          }}
        />
        {photoProblem && <FormError message={photoProblem.sentence} />}
        <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
          <Button variant="ghost" onClick={onDone}>
            Cancel
          </Button>
          <Button type="submit" disabled={pending}>
            {pending ? (
              <Spinner className="scale-75" label="Saving" />
            ) : (
              <Save aria-hidden="true" className="h-4 w-4" />
            )}
            {product ? "Save changes" : "Add product"}
          </Button>
        </div>
      </form>
      <Dialog
        open={confirming !== undefined}
        onOpenChange={(open) => {
          if (!open) setConfirming(undefined);
        }}
        title={text.priceConfirmTitle}
        description={
          confirming &&
          PRICE_CHANGE_MESSAGES.question(
            priceChangeSentence(
              confirming.from,
              confirming.values.pricePaise,
              confirming.values.unit,
            ),
          )
        }
      >
        <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
          <Button variant="ghost" onClick={() => setConfirming(undefined)}>
            {text.priceConfirmBack}
          </Button>
          <Button onClick={() => confirming && save(confirming.values, true)} disabled={pending}>
            {text.priceConfirmSave}
          </Button>
        </div>
      </Dialog>
      {product && (
        <ArchiveSection product={product} version={version ?? product.version} onDone={onDone} />
      )}
    </div>
  );
}

/** A field's description: its error, if any, and the HSN suggestion beside it. */
function described(id: string, error: unknown, suggestion: unknown): string | undefined {
  return (
    [error ? `${id}-error` : "", suggestion ? SUGGESTION_ID : ""].filter(Boolean).join(" ") ||
    undefined
  );
}

const SUGGESTION_ID = "product-hsn-suggestion";

/**
 * The HSN code and GST rate the category and name suggest, filled in while the manager has not
 * typed their own: a field that is empty, or still holds the last suggestion, follows the next.
 */
function useHsnSuggestion(
  form: ReturnType<typeof useProductForm>,
  product: InventoryProduct | undefined,
): HsnSuggestion | undefined {
  const [category, name] = useWatch({ control: form.control, name: ["category", "name"] });
  const suggestion = suggestHsn({ category, name });
  const last = useRef<HsnSuggestion | undefined>(
    product ? suggestHsn({ category: product.category, name: product.name }) : undefined,
  );
  const { hsnCode: nextHsn, gstRateBps: nextGst } = suggestion ?? {};
  useEffect(() => {
    if (nextHsn === undefined || nextGst === undefined) return;
    const previous = last.current;
    const { hsnCode, gstRateBps } = form.getValues();
    const hsnFree = hsnCode.trim() === "" || hsnCode === previous?.hsnCode;
    // A new form's rate is its default until someone chooses; an open product's is its own.
    const gstFollows = previous
      ? gstRateBps === String(previous.gstRateBps)
      : !product && !form.getFieldState("gstRateBps").isDirty;
    if (hsnFree && hsnCode !== nextHsn) form.setValue("hsnCode", nextHsn);
    if (gstFollows && gstRateBps !== String(nextGst)) form.setValue("gstRateBps", String(nextGst));
    last.current = { hsnCode: nextHsn, gstRateBps: nextGst, basis: "" };
  }, [form, product, nextHsn, nextGst]);
  return suggestion;
}

/** "Suggested for Dairy: curd and yoghurt", and a way back to it once the fields differ. */
function HsnSuggestionNote({
  control,
  suggestion,
  onUse,
}: {
  control: ReturnType<typeof useProductForm>["control"];
  suggestion: HsnSuggestion;
  onUse(): void;
}) {
  const [hsnCode, gstRateBps] = useWatch({ control, name: ["hsnCode", "gstRateBps"] });
  const following =
    hsnCode.trim() === suggestion.hsnCode && gstRateBps === String(suggestion.gstRateBps);
  return (
    <div className="col-span-2 flex flex-wrap items-center gap-x-3 gap-y-1 sm:col-span-3">
      <p id={SUGGESTION_ID} className="text-sm text-ink-500">
        {following
          ? text.hsnSuggested(suggestion.basis)
          : text.hsnSuggestedOther(
              suggestion.basis,
              suggestion.hsnCode,
              gstRateLabel(suggestion.gstRateBps),
            )}
      </p>
      {!following && (
        <Button variant="ghost" size="sm" onClick={onUse}>
          {text.useSuggestion}
        </Button>
      )}
    </div>
  );
}

/** A weighed product's steps, in grams, with what a shopper meets as they type. */
function WeighedSteps({ form }: { form: ReturnType<typeof useProductForm> }) {
  const id = useId();
  const errors = form.formState.errors;
  const [step, minimum] = useWatch({ control: form.control, name: ["step", "minimum"] });
  const grams = (typed: string) => (/^\d{1,5}$/.test(typed.trim()) ? Number(typed) : 0);
  const example =
    grams(step) > 0 && grams(minimum) > 0
      ? text.stepsExample(grams(step), grams(minimum), "kg")
      : text.stepsWhole;
  const described = (field: "step" | "minimum") =>
    [`${id}-example`, errors[field] ? `product-${field}-error` : ""].filter(Boolean).join(" ");
  return (
    <fieldset className="rounded-2xl border border-cream-200 bg-white p-4">
      <legend className="px-1 text-sm font-semibold text-ink-700">{text.stepsLegend}</legend>
      <div className="grid gap-4 sm:grid-cols-2">
        <Field id="product-step" label={text.step} required error={errors.step?.message}>
          <Input
            inputMode="numeric"
            autoComplete="off"
            placeholder="250"
            aria-describedby={described("step")}
            {...form.register("step")}
          />
        </Field>
        <Field id="product-minimum" label={text.minimum} required error={errors.minimum?.message}>
          <Input
            inputMode="numeric"
            autoComplete="off"
            placeholder="250"
            aria-describedby={described("minimum")}
            {...form.register("minimum")}
          />
        </Field>
      </div>
      <p id={`${id}-example`} className="mt-3 text-sm text-ink-500">
        {example}
      </p>
    </fieldset>
  );
}

function ArchiveSection({
  product,
  version,
  onDone,
}: {
  product: InventoryProduct;
  version: number;
  onDone(): void;
}) {
  const [confirming, setConfirming] = useState(false);
  const archive = useArchiveProduct(product.id);
  const archiving = !product.archived;
  const { reset } = archive;
  // A refusal belongs to the confirmation it answered, not to the next one.
  useEffect(() => {
    if (!confirming) reset();
  }, [confirming, reset]);

  const act = async () => {
    try {
      await archive.mutateAsync({ archive: archiving, version });
      toast.success(archiving ? `Archived ${product.name}` : `Restored ${product.name}`);
      setConfirming(false);
      onDone();
    } catch {
      // Shown in the confirmation below.
    }
  };

  return (
    <section
      className="rounded-2xl border border-cream-200 bg-white p-4"
      aria-labelledby="archive-heading"
    >
      <h3 id="archive-heading" className="font-semibold text-ink-900">
        {archiving ? "Archive" : "Restore"}
      </h3>
      <p className="mt-1 text-sm text-ink-500">
        {archiving
          ? "Archiving takes the product out of the shop at once. It stays on past orders and invoices, and you can restore it."
          : "This product is archived: shoppers cannot see it. Restore it to put it back in the shop."}
      </p>
      <Button
        variant={archiving ? "danger" : "outline"}
        size="sm"
        className="mt-3"
        onClick={() => setConfirming(true)}
      >
        {archiving ? (
          <Archive aria-hidden="true" className="h-4 w-4" />
        ) : (
          <ArchiveRestore aria-hidden="true" className="h-4 w-4" />
        )}
        {archiving ? "Archive product" : "Restore product"}
      </Button>
      <Dialog
        open={confirming}
        onOpenChange={setConfirming}
        title={archiving ? `Archive ${product.name}?` : `Restore ${product.name}?`}
        description={
          archiving
            ? "It leaves the shop at once. Past orders and invoices keep it."
            : "It goes back on sale in the shop with its current stock."
        }
      >
        {archive.isError && (
          <div className="mb-4">
            {isVersionConflict(archive.error) ? (
              <VersionConflict message={archive.error.message} onReload={onDone} />
            ) : (
              <FormError message={errorMessage(archive.error)} />
            )}
          </div>
        )}
        <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
          <Button variant="ghost" onClick={() => setConfirming(false)}>
            {archiving ? "Keep it" : "Cancel"}
          </Button>
          <Button
            variant={archiving ? "danger" : "primary"}
            onClick={act}
            disabled={archive.isPending}
          >
            {archiving ? "Archive" : "Restore"}
          </Button>
        </div>
      </Dialog>
    </section>
  );
}
