import { createHash, randomBytes } from "node:crypto";
import { mkdir, readFile, rename, writeFile } from "node:fs/promises";
import path from "node:path";
import { eq, sql } from "drizzle-orm";
import type { FastifyRequest } from "fastify";
import sharp from "sharp";
import type { InventoryProduct } from "../../../shared/contracts/inventory.ts";
import { LIVE_TOPICS } from "../../../shared/contracts/live-topics.ts";
import { PRODUCT_FORM_MESSAGES } from "../../../shared/rules/product-form.ts";
import {
  PHOTO_ASPECT,
  PHOTO_MAX_BYTES,
  PHOTO_MESSAGES,
  PHOTO_WIDTHS,
  type PhotoWidth,
} from "../../../shared/rules/product-photo.ts";
import type { Database } from "../../db/client.ts";
import { AppError, notFound } from "../../http/app-error.ts";
import { notifyStaff } from "../live/index.ts";
import { recordAudit } from "../staff/index.ts";
import { readInventoryProduct } from "./inventory-products.ts";
import { products } from "./schema.ts";

/** Beyond this a small file could unpack into gigabytes of pixels (a decompression bomb). */
export const MAX_INPUT_PIXELS = 40_000_000;

export type PhotoKind = "jpeg" | "png" | "webp";

/** The file's type from its first bytes; its name and the Content-Type header are not trusted. */
export function photoKindOf(bytes: Buffer): PhotoKind | undefined {
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) {
    return "jpeg";
  }
  if (bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) {
    return "png";
  }
  if (
    bytes.length >= 12 &&
    bytes.subarray(0, 4).toString("latin1") === "RIFF" &&
    bytes.subarray(8, 12).toString("latin1") === "WEBP"
  ) {
    return "webp";
  }
  return undefined;
}

export type EncodedPhoto = { hash: string; sizes: { width: PhotoWidth; bytes: Buffer }[] };

/**
 * Re-encodes an upload to WebP at the storefront's sizes, cropped to the card's 4:3, turned the
 * way the camera meant (EXIF orientation) and without any metadata (location, camera, owner).
 */
export async function encodePhoto(bytes: Buffer): Promise<EncodedPhoto> {
  if (bytes.length === 0) throw new AppError("VALIDATION_FAILED", PHOTO_MESSAGES.empty);
  if (bytes.length > PHOTO_MAX_BYTES) {
    throw new AppError("PAYLOAD_TOO_LARGE", PHOTO_MESSAGES.tooLarge);
  }
  const kind = photoKindOf(bytes);
  if (!kind) throw new AppError("UNSUPPORTED_MEDIA_TYPE", PHOTO_MESSAGES.notAnImage);
  const input = () =>
    sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS, failOn: "error", animated: false });
  try {
    const meta = await input().metadata();
    if (meta.format !== kind)
      throw new AppError("UNSUPPORTED_MEDIA_TYPE", PHOTO_MESSAGES.notAnImage);
    const sizes = await Promise.all(
      PHOTO_WIDTHS.map(async (width) => ({
        width,
        bytes: await input()
          .rotate()
          .resize(width, (width * PHOTO_ASPECT.height) / PHOTO_ASPECT.width, {
            fit: "cover",
            withoutEnlargement: false,
          })
          .webp({ quality: 80 })
          .toBuffer(),
      })),
    );
    const hash = createHash("sha256");
    for (const size of sizes) hash.update(size.bytes);
    return { hash: hash.digest("hex").slice(0, 32), sizes };
  } catch (error) {
    if (error instanceof AppError) throw error;
    const message = String((error as Error).message ?? "");
    if (/pixel limit/i.test(message)) {
      throw new AppError("VALIDATION_FAILED", PHOTO_MESSAGES.tooManyPixels);
    }
    throw new AppError("VALIDATION_FAILED", PHOTO_MESSAGES.unreadable);
  }
}

export const PHOTO_FILE_PATTERN = /^([a-f0-9]{32})-(\d+)\.webp$/;

const fileName = (hash: string, width: number) => `${hash}-${width}.webp`;

/** Written under a temporary name and renamed, so a reader never sees half a file. */
async function storePhoto(photoDir: string, photo: EncodedPhoto): Promise<void> {
  await mkdir(photoDir, { recursive: true });
  for (const size of photo.sizes) {
    const target = path.join(photoDir, fileName(photo.hash, size.width));
    const temporary = `${target}.${randomBytes(6).toString("hex")}.tmp`;
    await writeFile(temporary, size.bytes);
    await rename(temporary, target);
  }
}

export async function readPhotoFile(photoDir: string, name: string): Promise<Buffer | undefined> {
  const match = PHOTO_FILE_PATTERN.exec(name);
  if (!match || !(PHOTO_WIDTHS as readonly number[]).includes(Number(match[2]))) return undefined;
  try {
    return await readFile(path.join(photoDir, name));
  } catch {
    return undefined;
  }
}

export type PhotoDeps = { db: Database; photoDir: string; changed: () => void };

/**
 * Replaces a product's photo. The files are stored first (by content hash, so a repeat upload
 * writes the same names); the product is pointed at them only after, so a failure leaves it as
 * it was. Old files stay: pages cached with their address keep working.
 */
export async function setProductPhoto(
  deps: PhotoDeps,
  request: FastifyRequest,
  id: string,
  body: unknown,
): Promise<InventoryProduct> {
  const bytes = Buffer.isBuffer(body) ? body : Buffer.alloc(0);
  if (!Buffer.isBuffer(body) && body !== undefined && body !== null) {
    throw new AppError("UNSUPPORTED_MEDIA_TYPE", PHOTO_MESSAGES.notAnImage);
  }
  const [exists] = await deps.db
    .select({ id: products.id })
    .from(products)
    .where(eq(products.id, id));
  if (!exists) throw notFound(PRODUCT_FORM_MESSAGES.notFound);
  const photo = await encodePhoto(bytes);
  await storePhoto(deps.photoDir, photo);
  await changePhoto(deps, request, id, photo.hash);
  return readInventoryProduct(deps.db, id);
}

/** Back to the shipped image. */
export async function removeProductPhoto(
  deps: PhotoDeps,
  request: FastifyRequest,
  id: string,
): Promise<InventoryProduct> {
  await changePhoto(deps, request, id, null);
  return readInventoryProduct(deps.db, id);
}

async function changePhoto(
  deps: PhotoDeps,
  request: FastifyRequest,
  id: string,
  hash: string | null,
): Promise<void> {
  const changed = await deps.db.transaction(async (tx) => {
    const [before] = await tx
      .select({ photo: products.photo, name: products.name })
      .from(products)
      .where(eq(products.id, id))
      .for("update");
    if (!before) throw notFound(PRODUCT_FORM_MESSAGES.notFound);
    // The same photo again, or removing none: nothing to record.
    if (before.photo === hash) return false;
    await tx
      .update(products)
      .set({ photo: hash, updatedAt: sql`now()` })
      .where(eq(products.id, id));
    await recordAudit(tx, request, {
      action: hash ? "product.photo" : "product.photo_remove",
      targetType: "product",
      targetId: id,
      before: { photo: before.photo },
      after: { name: before.name, photo: hash },
    });
    await notifyStaff(tx, { topic: LIVE_TOPICS.products, dashboards: ["inventory"], id });
    return true;
  });
  if (changed) deps.changed();
}
