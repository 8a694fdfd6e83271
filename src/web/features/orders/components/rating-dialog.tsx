import { Star, X } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { toast } from "../../../components/toasts.tsx";
import { Button } from "../../../components/ui/button.tsx";
import { errorMessage } from "../../../lib/api-client.ts";
import { cn } from "../../../lib/cn.ts";
import { COMMON_TEXTS } from "../../../lib/common-texts.ts";
import { useLingui } from "../../../lib/i18n/react-binding.tsx";
import { useRateOrder } from "../api/orders.ts";

export const RATING_DELAY_MS = 3000;
const LABELS = [
  /*i18n*/ "Poor",
  /*i18n*/ "Fair",
  /*i18n*/ "Good",
  /*i18n*/ "Very good",
  /*i18n*/ "Excellent",
];

const dismissedKey = (orderNumber: string) => `rated:${orderNumber}`;

/** Asks, three seconds after the order, how the shopping went; asked once per order. */
export function RatingDialog({
  orderNumber,
  alreadyRated,
}: {
  orderNumber: string;
  alreadyRated: boolean;
}) {
  const [open, setOpen] = useState(false);
  const [rating, setRating] = useState(0);
  const dialog = useRef<HTMLDialogElement>(null);
  const rate = useRateOrder(orderNumber);
  const { i18n } = useLingui();

  useEffect(() => {
    if (alreadyRated || sessionStorage.getItem(dismissedKey(orderNumber))) return;
    const timer = window.setTimeout(() => setOpen(true), RATING_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [orderNumber, alreadyRated]);

  useEffect(() => {
    if (open && dialog.current && !dialog.current.open) dialog.current.showModal();
  }, [open]);

  const close = () => {
    sessionStorage.setItem(dismissedKey(orderNumber), "1");
    dialog.current?.close();
    setOpen(false);
  };

  const submit = async () => {
    try {
      await rate.mutateAsync(rating);
      close();
      toast.success(i18n._(COMMON_TEXTS.feedbackThanks));
    } catch (error) {
      toast.error(i18n._(errorMessage(error)));
    }
  };

  if (!open) return null;
  return (
    <dialog
      ref={dialog}
      aria-labelledby="rating-title"
      data-testid="rating-dialog"
      onCancel={(event) => {
        event.preventDefault();
        close();
      }}
      className="m-auto w-[calc(100%-2rem)] max-w-sm rounded-3xl bg-cream-50 p-8 text-center shadow-2xl backdrop:bg-ink-900/60"
    >
      <button
        type="button"
        onClick={close}
        aria-label={i18n._(COMMON_TEXTS.close)}
        className="absolute right-4 top-4 rounded-full p-1.5 text-ink-500 hover:bg-brand-50"
      >
        <X aria-hidden="true" className="h-5 w-5" />
      </button>
      <h2 id="rating-title" className="font-display text-2xl font-bold text-ink-900">
        {i18n._("How was your shopping experience?")}
      </h2>
      <fieldset className="mt-6">
        <legend className="sr-only">{i18n._("Your rating from 1 to 5 stars")}</legend>
        <div className="flex justify-center gap-1">
          {[1, 2, 3, 4, 5].map((value) => (
            <label
              key={value}
              className="cursor-pointer rounded-full p-1 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-brand-600"
            >
              <input
                type="radio"
                name="rating"
                value={value}
                checked={rating === value}
                onChange={() => setRating(value)}
                className="sr-only"
                aria-label={i18n._("{value, plural, one {# star} other {# stars}}: {label}", {
                  value,
                  label: i18n._(LABELS[value - 1] ?? ""),
                })}
              />
              <Star
                aria-hidden="true"
                className={cn(
                  "h-9 w-9 transition-colors",
                  value <= rating ? "fill-saffron-400 text-saffron-500" : "text-ink-500/40",
                )}
              />
            </label>
          ))}
        </div>
        <p className="mt-2 h-5 text-sm text-ink-500" aria-live="polite">
          {rating > 0 ? i18n._(LABELS[rating - 1] ?? "") : ""}
        </p>
      </fieldset>
      <div className="mt-6 flex gap-3">
        <Button variant="ghost" className="flex-1" onClick={close}>
          {i18n._("Skip")}
        </Button>
        <Button className="flex-1" disabled={rating === 0 || rate.isPending} onClick={submit}>
          {rate.isPending ? i18n._(COMMON_TEXTS.submitting) : i18n._("Submit")}
        </Button>
      </div>
    </dialog>
  );
}
