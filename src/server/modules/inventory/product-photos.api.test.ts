import sharp from "sharp";
import { beforeAll, describe, expect, it } from "vitest";
import { PHOTO_MAX_BYTES, PHOTO_MESSAGES } from "../../../shared/rules/product-photo.ts";
import { asStaff, auditOf, INVENTORY, productRow, testProduct } from "../../testing/inventory.ts";
import { signInStaff } from "../../testing/staff.ts";
import { testDatabaseKinds, useTestApp } from "../../testing/test-app.ts";

/** A real photo-like image: a gradient, so it does not compress to nothing. */
async function photo(format: "jpeg" | "png" | "webp", width = 1200, height = 900) {
  const pixels = Buffer.alloc(width * height * 3);
  for (let i = 0; i < pixels.length; i++) pixels[i] = (i * 7) % 251;
  return sharp(pixels, { raw: { width, height, channels: 3 } })
    .withMetadata({ exif: { IFD0: { Copyright: "Secret Farm GPS 20.29N" } } })
    [format]()
    .toBuffer();
}

describe.each(testDatabaseKinds)("product photos on %s", (kind) => {
  const ctx = useTestApp(kind);
  let staff: ReturnType<typeof asStaff>;
  let ids = 0;
  const freshId = () => `photo-${process.pid}-${++ids}`;
  const upload = (id: string, body: Buffer, type = "image/jpeg") =>
    staff({
      method: "PUT",
      url: `${INVENTORY}/products/${id}/photo`,
      payload: body,
      headers: { "content-type": type },
    });

  beforeAll(async () => {
    staff = asStaff(ctx.app, await signInStaff(ctx.app, "inventory"));
  });

  for (const format of ["jpeg", "png", "webp"] as const) {
    it(`takes a ${format}, stores WebP sizes without metadata and serves them for a year`, async () => {
      const id = freshId();
      await testProduct(ctx, id, 5);
      const response = await upload(id, await photo(format), `image/${format}`);
      expect(response.statusCode, response.body).toBe(200);
      const product = response.json().product;
      expect(product.photoUrl).toMatch(/^\/photos\/[a-f0-9]{32}-400\.webp$/);
      expect(product.image).toBe(product.photoUrl);
      expect(product.photoUrls.map((p: { width: number }) => p.width)).toEqual([400, 800]);

      for (const { url, width } of product.photoUrls) {
        const served = await ctx.app.inject({ method: "GET", url });
        expect(served.statusCode).toBe(200);
        expect(served.headers["content-type"]).toBe("image/webp");
        expect(served.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
        expect(served.headers["x-content-type-options"]).toBe("nosniff");
        const meta = await sharp(served.rawPayload).metadata();
        expect(meta).toMatchObject({ format: "webp", width, height: (width * 3) / 4 });
        expect(meta.exif).toBeUndefined();
      }
      const shop = await ctx.app.inject({ method: "GET", url: `/api/products/${id}` });
      expect(shop.json()).toMatchObject({ image: product.photoUrl, photoUrl: product.photoUrl });
      expect((await auditOf(ctx, id)).at(-1)).toMatchObject({
        action: "product.photo",
        before: { photo: null },
      });
    });
  }

  it("refuses a renamed non-image and changes nothing", async () => {
    const id = freshId();
    await testProduct(ctx, id, 5);
    const text = Buffer.from("id,price\nmangoes,10\n".repeat(50));
    const response = await upload(id, text, "image/jpeg");
    expect(response.statusCode).toBe(415);
    expect(response.json().message).toBe(PHOTO_MESSAGES.notAnImage);
    // A file that starts like a JPEG but is not one.
    const fake = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), text]);
    const broken = await upload(id, fake, "image/jpeg");
    expect(broken.statusCode).toBe(400);
    expect(broken.json().message).toBe(PHOTO_MESSAGES.unreadable);
    expect((await productRow(ctx, id)).photo).toBeNull();
    expect(await auditOf(ctx, id)).toHaveLength(0);
  });

  it("refuses a file over 5 MB before reading it, and a decompression bomb", async () => {
    const id = freshId();
    await testProduct(ctx, id, 5);
    const big = Buffer.concat([await photo("jpeg", 64, 48), Buffer.alloc(PHOTO_MAX_BYTES)]);
    const response = await upload(id, big);
    expect(response.statusCode).toBe(413);
    expect(response.json().message).toBe(PHOTO_MESSAGES.tooLarge);

    // 10,000 x 10,000 of one colour: a few kilobytes that unpack to 300 MB.
    const bomb = await sharp({
      create: { width: 10_000, height: 10_000, channels: 3, background: "#3a7" },
      limitInputPixels: false,
    })
      .png({ compressionLevel: 9 })
      .toBuffer();
    expect(bomb.length).toBeLessThan(PHOTO_MAX_BYTES);
    const refused = await upload(id, bomb, "image/png");
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe(PHOTO_MESSAGES.tooManyPixels);
    expect((await productRow(ctx, id)).photo).toBeNull();
  });

  it("needs the inventory manager's session and a real product", async () => {
    const id = freshId();
    await testProduct(ctx, id, 5);
    const jpeg = await photo("jpeg", 64, 48);
    const anonymous = await asStaff(
      ctx.app,
      "",
    )({
      method: "PUT",
      url: `${INVENTORY}/products/${id}/photo`,
      payload: jpeg,
      headers: { "content-type": "image/jpeg" },
    });
    expect(anonymous.statusCode).toBe(401);
    const sales = asStaff(ctx.app, await signInStaff(ctx.app, "sales"));
    const other = await sales({
      method: "PUT",
      url: `${INVENTORY}/products/${id}/photo`,
      payload: jpeg,
      headers: { "content-type": "image/jpeg" },
    });
    expect(other.statusCode).toBe(403);
    expect((await upload("no-such-product", jpeg)).statusCode).toBe(404);
    expect(
      (await ctx.app.inject({ method: "GET", url: "/photos/../../etc/passwd" })).statusCode,
    ).toBe(404);
    expect((await productRow(ctx, id)).photo).toBeNull();
  });
});
