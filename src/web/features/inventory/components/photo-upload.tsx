import { ImageOff } from "lucide-react";
import { useEffect, useId, useState } from "react";
import type { InventoryProduct } from "../../../../shared/contracts/inventory.ts";
import {
  PHOTO_ACCEPT,
  PHOTO_MAX_BYTES,
  PHOTO_MESSAGES,
} from "../../../../shared/rules/product-photo.ts";
import { toast } from "../../../components/toasts.tsx";
import { Button } from "../../../components/ui/button.tsx";
import { errorMessage } from "../../../lib/api-client.ts";
import { useRemovePhoto } from "../api/photos.ts";
import { INVENTORY_TEXT } from "../texts.ts";

const text = INVENTORY_TEXT.photo;

/** What the browser can tell before sending; the server checks the bytes themselves again. */
function problemWith(file: File): string | undefined {
  if (file.size === 0) return PHOTO_MESSAGES.empty;
  if (file.size > PHOTO_MAX_BYTES) return PHOTO_MESSAGES.tooLarge;
  if (!(PHOTO_ACCEPT as readonly string[]).includes(file.type)) return PHOTO_MESSAGES.notAnImage;
  return undefined;
}

/**
 * The product form's photo: a chosen file waits for the form's Save, which uploads it after the
 * product is saved (a new product has nowhere to put a photo before that). Removing the uploaded
 * photo acts at once, like the archive button.
 */
export function PhotoUpload({
  product,
  name,
  file,
  problem,
  onChoose,
}: {
  /** Undefined while adding: no photo to show or remove yet. */
  product: InventoryProduct | undefined;
  /** What the form's Name field says now, for the picture's description. */
  name: string;
  file: File | undefined;
  /** Why the last upload failed, from the form's Save. */
  problem: string | undefined;
  onChoose(file: File | undefined): void;
}) {
  const inputId = useId();
  const [preview, setPreview] = useState<string>();
  const [refusal, setRefusal] = useState<string>();
  // A new input after each upload or removal clears the file name the browser shows.
  const [inputKey, setInputKey] = useState(0);
  const remove = useRemovePhoto(product?.id ?? "");
  const shown = refusal ?? problem;

  // A data URL rather than a blob URL: the page's content policy lets images, not fetches, read
  // blobs, and a data URL needs no revoking.
  useEffect(() => {
    setPreview(undefined);
    if (!file) {
      setInputKey((key) => key + 1);
      return;
    }
    let current = true;
    const reader = new FileReader();
    reader.onload = () => {
      if (current && typeof reader.result === "string") setPreview(reader.result);
    };
    reader.readAsDataURL(file);
    return () => {
      current = false;
    };
  }, [file]);

  const choose = (chosen: File | undefined) => {
    const found = chosen && problemWith(chosen);
    setRefusal(found);
    onChoose(found ? undefined : chosen);
  };

  const removePhoto = async () => {
    setRefusal(undefined);
    try {
      await remove.mutateAsync();
      toast.success(text.removed(product?.name ?? name));
    } catch (error) {
      setRefusal(errorMessage(error));
    }
  };

  const label = name.trim() || text.thisProduct;
  const image = preview ?? product?.image;
  return (
    <fieldset className="rounded-2xl border border-cream-200 bg-white p-4">
      <legend className="px-1 text-sm font-semibold text-ink-700">{text.legend}</legend>
      <div className="flex flex-col gap-4 sm:flex-row sm:items-start">
        {image ? (
          <img
            src={image}
            alt={preview ? text.newPhotoOf(label) : text.currentPhotoOf(label)}
            width={160}
            height={120}
            className="aspect-[4/3] w-40 shrink-0 rounded-xl bg-cream-200 object-cover"
          />
        ) : (
          <div className="flex aspect-[4/3] w-40 shrink-0 items-center justify-center rounded-xl bg-cream-100 p-3 text-center text-xs text-ink-500">
            {text.none}
          </div>
        )}
        <div className="min-w-0 flex-1 space-y-3">
          <div>
            <label htmlFor={inputId} className="block text-sm font-semibold text-ink-700">
              {text.choose}
            </label>
            <input
              key={inputKey}
              id={inputId}
              type="file"
              accept={PHOTO_ACCEPT.join(",")}
              aria-describedby={`${inputId}-hint${shown ? ` ${inputId}-error` : ""}`}
              aria-invalid={shown ? true : undefined}
              onChange={(event) => choose(event.target.files?.[0])}
              className="mt-1.5 block w-full min-w-0 text-sm text-ink-700 file:mr-3 file:rounded-full file:border-0 file:bg-brand-50 file:px-4 file:py-2 file:font-semibold file:text-brand-700 hover:file:bg-brand-100"
            />
            <p id={`${inputId}-hint`} className="mt-1 text-xs text-ink-500">
              {file ? text.savedWithForm(Boolean(product)) : text.hint}
            </p>
          </div>
          {shown && (
            // The form's own alert tells of a failed upload; a refusal here is news of its own.
            <p
              id={`${inputId}-error`}
              role={refusal ? "alert" : undefined}
              className="text-sm font-semibold text-red-700"
            >
              {shown}
            </p>
          )}
          {file && (
            <Button variant="ghost" size="sm" onClick={() => choose(undefined)}>
              {text.keepCurrent(Boolean(product))}
            </Button>
          )}
          {product?.photoUrl && !file && (
            <Button variant="ghost" size="sm" onClick={removePhoto} disabled={remove.isPending}>
              <ImageOff aria-hidden="true" className="h-4 w-4" /> {text.remove}
            </Button>
          )}
        </div>
      </div>
    </fieldset>
  );
}
