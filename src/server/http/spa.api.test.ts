import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { brotliCompressSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { useTestApp } from "../testing/test-app.ts";

const dist = mkdtempSync(path.join(tmpdir(), "fhh-dist-"));
mkdirSync(path.join(dist, "assets"));
writeFileSync(path.join(dist, "index.html"), "<!doctype html><title>store</title>");
writeFileSync(path.join(dist, "assets", "index-abc123.js"), "console.log(1)");
writeFileSync(
  path.join(dist, "assets", "index-abc123.js.br"),
  brotliCompressSync("console.log(1)"),
);
mkdirSync(path.join(dist, "images"));
writeFileSync(path.join(dist, "images", "favicon.svg"), "<svg></svg>");

describe("serving the built storefront", () => {
  const ctx = useTestApp("pglite", { WEB_DIST_DIR: dist });
  const get = (url: string) => ctx.app.inject({ method: "GET", url });

  it("answers the home page and every client route with the app", async () => {
    for (const url of ["/", "/shop?category=fruits", "/order-confirmation", "/no/such/page"]) {
      const response = await get(url);
      expect(response.statusCode, url).toBe(200);
      expect(response.headers["content-type"]).toContain("text/html");
      expect(response.body).toContain("<title>store</title>");
    }
  });

  it("caches hashed assets for a year and revalidates the rest", async () => {
    const asset = await get("/assets/index-abc123.js");
    expect(asset.statusCode).toBe(200);
    expect(asset.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    const image = await get("/images/favicon.svg");
    expect(image.headers["cache-control"]).toContain("max-age=0");
  });

  it("sends the build's precompressed files to browsers that take them", async () => {
    const response = await ctx.app.inject({
      method: "GET",
      url: "/assets/index-abc123.js",
      headers: { "accept-encoding": "br, gzip" },
    });
    expect(response.headers["content-encoding"]).toBe("br");
    expect(response.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
  });

  it("answers a missing file or API path with 404, not the app", async () => {
    const missing = await get("/assets/gone-123.js");
    expect(missing.statusCode).toBe(404);
    const api = await get("/api/unknown");
    expect(api.statusCode).toBe(404);
    expect(api.json()).toMatchObject({ code: "NOT_FOUND" });
  });
});

describe("serving prerendered pages", () => {
  const built = mkdtempSync(path.join(tmpdir(), "fhh-dist-"));
  mkdirSync(path.join(built, "pages"));
  writeFileSync(path.join(built, "index.html"), "<title>template</title>");
  writeFileSync(path.join(built, "pages", "home.html"), "<title>home</title>");
  writeFileSync(path.join(built, "pages", "shop.html"), "<title>shop</title>");
  writeFileSync(path.join(built, "pages", "shell.html"), "<title>shell</title>");
  writeFileSync(
    path.join(built, "pages", "manifest.json"),
    JSON.stringify({
      pages: { "/": "pages/home.html", "/shop": "pages/shop.html" },
      shell: "pages/shell.html",
    }),
  );
  const ctx = useTestApp("pglite", { WEB_DIST_DIR: built });

  it("answers each prerendered path with its page, whatever the query", async () => {
    for (const [url, title] of [
      ["/", "home"],
      ["/?utm=x", "home"],
      ["/shop", "shop"],
      ["/shop?category=fruits", "shop"],
    ] as const) {
      const response = await ctx.app.inject({ method: "GET", url });
      expect(response.statusCode, url).toBe(200);
      expect(response.headers["cache-control"], url).toBe("no-cache");
      expect(response.body, url).toBe(`<title>${title}</title>`);
    }
  });

  it("answers every other page with the app shell", async () => {
    for (const url of ["/cart", "/order-confirmation?order=FHH-1", "/shop/", "/no/such/page"]) {
      const response = await ctx.app.inject({ method: "GET", url });
      expect(response.statusCode, url).toBe(200);
      expect(response.body, url).toBe("<title>shell</title>");
    }
  });
});
