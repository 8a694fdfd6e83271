import { ImageOff, ImageUp } from "lucide-react";
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
import { useRemovePhoto, useUploadPhoto } from "../api/photos.ts";

/** What the browser can tell before sending; the server checks the bytes themselves again. */
function problemWith(file: File): string | undefined {
  if (file.size === 0) return PHOTO_MESSAGES.empty;
  if (file.size > PHOTO_MAX_BYTES) return PHOTO_MESSAGES.tooLarge;
  if (!(PHOTO_ACCEPT as readonly string[]).includes(file.type)) return PHOTO_MESSAGES.notAnImage;
  return undefined;
}

export function PhotoUpload({ product }: { product: InventoryProduct }) {
  const inputId = useId();
  const [file, setFile] = useState<File>();
  const [preview, setPreview] = useState<string>();
  const [problem, setProblem] = useState<string>();
  const upload = useUploadPhoto(product.id);
  const remove = useRemovePhoto(product.id);

  // A data URL rather than a blob URL: the page's content policy lets images, not fetches, read
  // blobs, and a data URL needs no revoking.
  useEffect(() => {
    if (!file) return;
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
    upload.reset();
    setFile(undefined);
    setPreview(undefined);
    if (!chosen) return setProblem(undefined);
    const found = problemWith(chosen);
    setProblem(found);
    if (!found) setFile(chosen);
  };

  const send = async () => {
    if (!file) return;
    try {
      await upload.mutateAsync(file);
      toast.success(`New photo for ${product.name}`);
      setFile(undefined);
      setPreview(undefined);
    } catch (error) {
      setProblem(errorMessage(error));
    }
  };

  const removePhoto = async () => {
    setProblem(undefined);
    try {
      await remove.mutateAsync();
      toast.success(`${product.name} shows its usual picture again`);
    } catch (error) {
      setProblem(errorMessage(error));
    }
  };

  return (
    <section
      aria-labelledby={`${inputId}-heading`}
      className="rounded-2xl border border-cream-200 bg-white p-4"
    >
      <h3 id={`${inputId}-heading`} className="font-semibold text-ink-900">
        Photo
      </h3>
      <div className="mt-3 flex flex-col gap-4 sm:flex-row sm:items-start">
        <img
          src={preview ?? product.image}
          alt={
            preview
              ? `New photo of ${product.name}, not yet saved`
              : `Current photo of ${product.name}`
          }
          width={160}
          height={120}
          className="aspect-[4/3] w-40 shrink-0 rounded-xl bg-cream-200 object-cover"
        />
        <div className="min-w-0 flex-1 space-y-3">
          <div>
            <label htmlFor={inputId} className="block text-sm font-semibold text-ink-700">
              Choose a photo
            </label>
            <input
              id={inputId}
              type="file"
              accept={PHOTO_ACCEPT.join(",")}
              aria-describedby={`${inputId}-hint${problem ? ` ${inputId}-error` : ""}`}
              aria-invalid={problem ? true : undefined}
              onChange={(event) => choose(event.target.files?.[0])}
              className="mt-1.5 block w-full text-sm text-ink-700 file:mr-3 file:rounded-full file:border-0 file:bg-brand-50 file:px-4 file:py-2 file:font-semibold file:text-brand-700 hover:file:bg-brand-100"
            />
            <p id={`${inputId}-hint`} className="mt-1 text-xs text-ink-500">
              JPEG, PNG or WebP, up to 5 MB. It is cropped to 4:3 for the shop.
            </p>
          </div>
          {problem && (
            <p id={`${inputId}-error`} role="alert" className="text-sm font-semibold text-red-700">
              {problem}
            </p>
          )}
          <div className="flex flex-wrap gap-2">
            <Button size="sm" onClick={send} disabled={!file || upload.isPending}>
              <ImageUp aria-hidden="true" className="h-4 w-4" />
              {upload.isPending ? "Uploading…" : "Upload photo"}
            </Button>
            {product.photoUrl && !file && (
              <Button variant="ghost" size="sm" onClick={removePhoto} disabled={remove.isPending}>
                <ImageOff aria-hidden="true" className="h-4 w-4" /> Remove photo
              </Button>
            )}
          </div>
        </div>
      </div>
    </section>
  );
}
