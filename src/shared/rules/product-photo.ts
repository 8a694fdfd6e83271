// Product photos: what the inventory manager may upload and the sizes the storefront shows.

export const PHOTO_MAX_BYTES = 5 * 1024 * 1024;

/** The card is 4:3 at 400 px wide; 800 serves sharp screens and the larger detail views. */
export const PHOTO_WIDTHS = [400, 800] as const;
export type PhotoWidth = (typeof PHOTO_WIDTHS)[number];
export const PHOTO_ASPECT = { width: 4, height: 3 } as const;

export const PHOTO_ACCEPT = ["image/jpeg", "image/png", "image/webp"] as const;

export const PHOTO_MESSAGES = {
  tooLarge: "The photo is larger than 5 MB: please choose a smaller file",
  notAnImage: "This file is not a JPEG, PNG or WebP photo",
  unreadable: "This photo could not be read: it may be damaged. Please try another file",
  tooManyPixels: "This photo has too many pixels: please use one under 40 megapixels",
  empty: "Please choose a photo to upload",
} as const;

/** Where a stored size is served from. */
export function photoUrl(hash: string, width: PhotoWidth = PHOTO_WIDTHS[0]): string {
  return `/photos/${hash}-${width}.webp`;
}

export function photoSrcSet(hash: string): string {
  return PHOTO_WIDTHS.map((width) => `${photoUrl(hash, width)} ${width}w`).join(", ");
}
