import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { brotliCompressSync, brotliDecompressSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { repriceTestProduct, testProduct } from "../testing/inventory.ts";
import { writeLanguageFaces } from "../testing/language-faces.ts";
import { useTestApp } from "../testing/test-app.ts";
import { STARTER } from "./page-scripts.ts";

const TEMPLATE =
  '<!doctype html><html><head><title>Store</title><script type="module" crossorigin src="/assets/index-abc123.js"></script>' +
  '<link rel="modulepreload" crossorigin href="/assets/react-1.js">' +
  '<link rel="stylesheet" crossorigin href="/assets/index-abc123.css"></head>' +
  '<body><div id="root"></div></body></html>';

const STYLESHEET = "h1{color:green}";

const INLINED_TEMPLATE = TEMPLATE.replace(
  '<link rel="stylesheet" crossorigin href="/assets/index-abc123.css">',
  `<style>${STYLESHEET}</style>`,
);

const scriptsOf = (html: string): unknown =>
  JSON.parse(
    /<script type="application\/json" id="page-scripts">([^<]*)<\/script>/.exec(html)?.[1] ??
      "null",
  );

/**
 * A web build as `vite build` lays it out, with a render of its own in place of React's: it
 * prints what the server hands it, so the tests see what reaches the page.
 */
function fakeBuild(): string {
  const dist = mkdtempSync(path.join(tmpdir(), "fhh-dist-"));
  const web = path.join(dist, "web");
  mkdirSync(path.join(web, "assets"), { recursive: true });
  mkdirSync(path.join(web, ".vite"));
  mkdirSync(path.join(dist, "ssr"));
  writeFileSync(path.join(web, "index.html"), TEMPLATE);
  writeFileSync(path.join(web, "assets", "index-abc123.js"), "console.log(1)");
  writeFileSync(path.join(web, "assets", "index-abc123.css"), STYLESHEET);
  writeFileSync(
    path.join(web, "assets", "index-abc123.js.br"),
    brotliCompressSync("console.log(1)"),
  );
  mkdirSync(path.join(web, "images"));
  writeFileSync(path.join(web, "images", "favicon.svg"), "<svg></svg>");
  writeFileSync(
    path.join(web, ".vite", "manifest.json"),
    JSON.stringify({
      "index.html": { file: "assets/index-abc123.js", isEntry: true, imports: ["_react.js"] },
      "_react.js": { file: "assets/react-1.js" },
      "routes/shop.tsx": { file: "assets/shop-2.js", imports: ["_react.js", "_grid.js"] },
      "_grid.js": { file: "assets/grid-3.js" },
      "page-texts/or/frame.ts": { file: "assets/frame-4.js" },
      "page-texts/or/routes/shop.ts": { file: "assets/shop-5.js", imports: ["_grid.js"] },
    }),
  );
  writeFileSync(
    path.join(web, ".vite", "language-fonts.json"),
    JSON.stringify(writeLanguageFaces(web)),
  );
  writeFileSync(
    path.join(dist, "ssr", "entry-server.js"),
    `const WORDS = { "/or/about": "<p>ତାଜା ଦୁଗ୍ଧଜାତ</p>", "/hi/about": "<p>ताज़ा उत्पाद</p>" };
    export async function renderPage({ url, catalogue, site, cartEmpty }) {
      const path = new URL(url, "http://x").pathname;
      if (path === "/fails") throw new Error("the page broke");
      const shop = path === "/shop";
      const prices = catalogue.products.map((p) => p.id + "=" + p.pricePaise).join(";");
      return {
        status: path === "/nowhere" ? 404 : 200,
        title: "Page " + path,
        html: shop
          ? "<ul>" + prices + "</ul>"
          : path === "/site"
            ? "<pre>" + JSON.stringify(site) + "</pre>"
            : "<h1>" + path + (cartEmpty ? ": no cart" : "") + "</h1>" + (WORDS[path] ?? ""),
        headPreloads: "",
        dataScript: '<script type="application/json" id="page-data">{}</script>',
        showsCatalogue: shop,
        routeModules: shop ? ["routes/shop.tsx"] : [],
        // Odia's texts of the shop, one of which the build did not make (an empty page's).
        textsModules: url.startsWith("/or/shop")
          ? {
              frame: "page-texts/or/frame.ts",
              "routes/shop": "page-texts/or/routes/shop.ts",
              "features/none": "page-texts/or/features/none.ts",
            }
          : {},
      };
    }`,
  );
  return web;
}

describe("pages drawn on the server", () => {
  const ctx = useTestApp("pglite", { WEB_DIST_DIR: fakeBuild(), CATALOGUE_CACHE_SECONDS: "30" });
  const get = (url: string, headers: Record<string, string> = {}) =>
    ctx.app.inject({ method: "GET", url, headers });

  it("fills the template with each page: title, content, data and its scripts, asked for after it is painted", async () => {
    const shop = await get("/shop?category=fruits");
    expect(shop.statusCode).toBe(200);
    expect(shop.headers["content-type"]).toBe("text/html; charset=utf-8");
    expect(shop.body).toContain("<title>Page /shop</title>");
    expect(shop.body).toMatch(/<div id="root"><ul>[^<]*kashmir-apples=\d+/);
    expect(shop.body).toContain('</ul></div><script type="application/json" id="page-data">');
    // The entry and what the template preloads first, then the shop's own chunks; the head asks
    // for none of them.
    expect(scriptsOf(shop.body)).toEqual([
      "/assets/index-abc123.js",
      "/assets/react-1.js",
      "/assets/shop-2.js",
      "/assets/grid-3.js",
    ]);
    const head = shop.body.slice(0, shop.body.indexOf("</head>"));
    expect(head).not.toMatch(/<script|modulepreload/);
    expect(shop.body).toContain(`<script>${STARTER}</script>`);

    const about = await get("/about");
    expect(about.body).toContain('<div id="root"><h1>/about</h1></div>');
    expect(scriptsOf(about.body)).toEqual(["/assets/index-abc123.js", "/assets/react-1.js"]);
  });

  it("tells the browser where the page's texts are, and preloads them with its scripts", async () => {
    const page = await get("/or/shop");
    const addresses = /<script type="application\/json" id="page-texts">([^<]*)<\/script>/.exec(
      page.body,
    )?.[1];
    // A text module the build did not make is none: the browser does not look for it.
    expect(JSON.parse(addresses ?? "null")).toEqual({
      frame: "/assets/frame-4.js",
      "routes/shop": "/assets/shop-5.js",
      "features/none": null,
    });
    expect(scriptsOf(page.body)).toEqual(
      expect.arrayContaining(["/assets/frame-4.js", "/assets/shop-5.js", "/assets/grid-3.js"]),
    );
    expect(
      JSON.parse(/id="page-texts">([^<]*)</.exec((await get("/about")).body)?.[1] ?? ""),
    ).toEqual({});
  });

  it("draws a page in its address's language, with its canonical and each language's address", async () => {
    const page = await get("/or/shop?category=fruits");
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<html lang="or-IN">');
    const head = page.body.slice(0, page.body.indexOf("</head>"));
    expect(head).toMatch(/<link rel="canonical" href="http[^"]+\/or\/shop\?category=fruits"\/>/);
    for (const [lang, address] of <[string, string][]>[
      ["en-IN", "/shop?category=fruits"],
      ["or-IN", "/or/shop?category=fruits"],
      ["hi-IN", "/hi/shop?category=fruits"],
      ["x-default", "/shop?category=fruits"],
    ]) {
      expect(head).toMatch(
        new RegExp(
          `<link rel="alternate" hreflang="${lang}" href="http[^"]+${address.replace("?", "\\?")}"/>`,
        ),
      );
    }
    // A prefixed page is the same for every browser.
    expect(page.headers.vary).toBe("accept-encoding");
    expect((await get("/hi")).body).toContain('<link rel="canonical" href="http');
    expect((await get("/hi")).body).toMatch(/hreflang="en-IN" href="http[^"]+\/"/);
    // An address no page has is no page to point search engines at.
    const missing = await get("/nowhere");
    expect(missing.statusCode).toBe(404);
    expect(missing.body).not.toContain('rel="canonical"');
    expect(missing.body).toContain('<html lang="en-IN">');
  });

  it("describes each page for search engines once, in the page's language", async () => {
    const descriptions = async (address: string) => {
      const { body } = await get(address);
      return [...body.matchAll(/<meta name="description" content="([^"]*)"\/>/g)].map(
        (found) => found[1],
      );
    };
    expect(await descriptions("/shop")).toEqual([
      "Fresh, organic fruit, vegetables, dairy and herbs from farms around Bhubaneswar, delivered to your door in 30-60 minutes.",
    ]);
    const [odia] = await descriptions("/or/shop");
    expect(odia).toMatch(/^ଭୁବନେଶ୍ୱର/);
    const [hindi] = await descriptions("/hi/about");
    expect(hindi).toMatch(/^भुवनेश्वर/);
  });

  it("draws a page in Odia or Hindi with a face of its own words, and the language's whole face after", async () => {
    const faces = writeLanguageFaces(mkdtempSync(path.join(tmpdir(), "fhh-faces-")));
    const faceOf = (html: string) => /<style id="page-face"([^>]*)>([^<]*)<\/style>/.exec(html);
    const odia = await get("/or/about");
    const [, odiaElement, odiaFace] = faceOf(odia.body) ?? [];
    expect(odiaElement).toBe(
      ` data-family="Noto Sans Oriya" data-href="${faces.pages.or}" data-letters="U+0B01-0B63,U+0B66-0B71,U+0964-0965,U+200C-200D,U+20B9,U+25CC"`,
    );
    expect(odiaFace).toMatch(
      /^@font-face\{font-family:"Noto Sans Oriya";.*src:url\(data:font\/woff2;base64,/,
    );
    // No font file is on the way to the first paint; the starter fetches the whole face later.
    expect(odia.body).not.toMatch(/rel="preload" as="font" type="font\/woff2" href="\/assets/);
    expect(odia.body).not.toContain("Noto Sans Devanagari");
    const hindi = await get("/hi/about");
    expect(faceOf(hindi.body)?.[1]).toContain(`data-href="${faces.pages.hi}"`);
    expect(hindi.body).not.toContain("Noto Sans Oriya");
    const english = await get("/about");
    expect(english.body).not.toMatch(/Noto Sans|<style id="page-face"/);
    // The switch's names are on every storefront page; the staff's pages have no switch.
    for (const page of [odia, hindi, english]) expect(page.body).toContain("/* names */");
    expect((await get("/admin")).body).not.toContain("/* names */");
    // In the head, where the browser finds it before the text that needs it.
    expect(odia.body.indexOf('id="page-face"')).toBeLessThan(odia.body.indexOf("</head>"));
    // A font may come from a data: address, and only fonts: scripts still may not.
    const policy = String(odia.headers["content-security-policy"]);
    expect(policy).toContain("font-src 'self' data:");
    expect(policy).toMatch(/script-src 'self' [^;]*/);
    expect(policy).not.toMatch(/script-src[^;]*data:/);
  });

  it("sends an unprefixed page to the language the browser chose, or first asks for", async () => {
    const asked = await get("/shop?category=fruits", {
      "accept-language": "or-IN,or;q=0.9,en;q=0.8",
    });
    expect(asked.statusCode).toBe(302);
    expect(asked.headers.location).toBe("/or/shop?category=fruits");
    expect(asked.headers.vary).toBe("accept-language, cookie");
    expect(asked.headers["cache-control"]).toBe("no-store");
    expect((await get("/", { "accept-language": "hi" })).headers.location).toBe("/hi");
    // The cookie is the browser's own choice: it wins over what the browser asks for.
    const chose = await get("/about", { cookie: "lang=hi", "accept-language": "or" });
    expect(chose.headers.location).toBe("/hi/about");
    const english = await get("/about", { cookie: "lang=en", "accept-language": "or" });
    expect(english.statusCode).toBe(200);
    expect(english.body).toContain('<html lang="en-IN">');
    expect(english.headers.vary).toBe("accept-encoding, accept-language, cookie");
    // English first, a language the store has not, a forged cookie: English, where it was asked.
    for (const headers of <Record<string, string>[]>[
      { "accept-language": "en-IN,hi;q=0.9" },
      { "accept-language": "ta-IN,fr;q=0.8" },
      { cookie: "lang=xx" },
      { cookie: "lang=../admin", "accept-language": "en" },
      {},
    ]) {
      const page = await get("/about", headers);
      expect(page.statusCode, JSON.stringify(headers)).toBe(200);
    }
  });

  it("keeps the English-only pages (staff, the mailbox) at their one address", async () => {
    for (const path of ["/admin", "/admin/dashboard/2", "/dev/mailbox"]) {
      const prefixed = await get(`/or${path}?from=link`);
      expect(prefixed.statusCode, path).toBe(302);
      expect(prefixed.headers.location).toBe(`${path}?from=link`);
      const plain = await get(path, { cookie: "lang=or", "accept-language": "or" });
      expect(plain.statusCode, path).toBe(200);
      expect(plain.body).not.toContain('rel="canonical"');
    }
  });

  it("draws the test provider's payment window in the language of the page that opens it", async () => {
    const odia = await get("/or/test-checkout/order_1?method=card");
    expect(odia.statusCode).toBe(200);
    expect(odia.body).toContain('<html lang="or-IN">');
    expect(odia.body).toContain('font-family:"Noto Sans Oriya"');
    const english = await get("/test-checkout/order_1?method=card");
    expect(english.statusCode).toBe(200);
    expect(english.body).toContain('<html lang="en-IN">');
  });

  it("hands the render the settings /api/site answers, so a page need not ask for them", async () => {
    const answer = (await get("/api/site")).json();
    expect(answer.demoMode).toBe(true);
    const page = await get("/site");
    const drawn = JSON.parse(/<pre>([^<]*)<\/pre>/.exec(page.body)?.[1] ?? "null");
    expect(drawn).toEqual(answer);
  });

  it("writes the stylesheet into each page, so the first paint waits on nothing but the page", async () => {
    for (const url of ["/", "/shop", "/nowhere"]) {
      const page = await get(url);
      expect(page.body, url).toContain(`<style>${STYLESHEET}</style>`);
      expect(page.body, url).not.toContain('rel="stylesheet"');
    }
  });

  it("draws the cart pages for a browser without a cart empty, for that browser alone", async () => {
    for (const path of ["/cart", "/checkout", "/or/cart", "/hi/checkout"]) {
      const none = await get(path);
      expect(none.body).toContain(`<div id="root" data-cart-empty><h1>${path}: no cart</h1></div>`);
      const filled = await get(`${path}?from=header`, { cookie: "fhh_cart_filled=1" });
      expect(filled.body).toContain(`<div id="root"><h1>${path}</h1></div>`);
      // The same address, with and without a cart: each keeps its own bytes.
      const again = await get(path, { cookie: "other=1; fhh_cart_filled=1" });
      expect(again.body).toContain(`<div id="root"><h1>${path}</h1></div>`);
      expect((await get(path)).body).toContain(`${path}: no cart`);
      for (const page of [none, filled]) {
        expect(page.headers["cache-control"]).toBe("private, max-age=0, must-revalidate");
        // And, unprefixed, on the language: the address goes elsewhere for another browser's.
        expect(page.headers.vary).toBe(
          path.startsWith("/or/") || path.startsWith("/hi/")
            ? "accept-encoding, cookie"
            : "accept-encoding, accept-language, cookie",
        );
      }
    }
    // Other pages do not read the cart.
    const about = await get("/about");
    expect(about.body).toContain('<div id="root"><h1>/about</h1></div>');
  });

  it("answers a path the storefront has no page for with its 404 page", async () => {
    const response = await get("/nowhere");
    expect(response.statusCode).toBe(404);
    expect(response.body).toContain("<h1>/nowhere</h1>");
  });

  it("lets browsers and caches keep a catalogue page only as long as the catalogue is fresh", async () => {
    const shop = await get("/shop");
    expect(shop.headers.vary).toBe("accept-encoding, accept-language, cookie");
    const maxAge = Number(
      /^public, max-age=(\d+), must-revalidate$/.exec(String(shop.headers["cache-control"]))?.[1],
    );
    expect(maxAge).toBeGreaterThan(0);
    expect(maxAge).toBeLessThanOrEqual(30);
    // Pages without catalogue data change only with a deploy: revalidated every time.
    const about = await get("/about");
    expect(about.headers["cache-control"]).toBe("public, max-age=0, must-revalidate");
    expect(about.headers.vary).toBe("accept-encoding, accept-language, cookie");
  });

  it("answers a client that holds the page with 304, in each way a cache may ask", async () => {
    const first = await get("/shop");
    const etag = String(first.headers.etag);
    expect(etag).toMatch(/^"[\w-]+"$/);
    for (const ifNoneMatch of [etag, `W/${etag}`, `"other", ${etag}`]) {
      const again = await get("/shop", { "if-none-match": ifNoneMatch });
      expect(again.statusCode, ifNoneMatch).toBe(304);
      expect(again.body).toBe("");
    }
    expect((await get("/shop", { "if-none-match": '"other"' })).statusCode).toBe(200);
  });

  it("sends the same bytes to everyone: a session changes nothing and sets no cookie", async () => {
    const anonymous = await get("/shop");
    const signedIn = await get("/shop", { cookie: "fhh.session_token=someone; fhh_browser=abc" });
    expect(signedIn.headers.etag).toBe(anonymous.headers.etag);
    expect(signedIn.body).toBe(anonymous.body);
    expect(signedIn.headers["set-cookie"]).toBeUndefined();
  });

  it("compresses the page for a browser that takes brotli", async () => {
    const plain = await get("/shop");
    const response = await ctx.app.inject({
      method: "GET",
      url: "/shop",
      headers: { "accept-encoding": "gzip, br" },
    });
    expect(response.headers["content-encoding"]).toBe("br");
    expect(brotliDecompressSync(response.rawPayload).toString()).toBe(plain.body);
  });

  it("shows a staff price change on the next page, with a new ETag", async () => {
    await testProduct(ctx, "page-price", 5);
    const before = await get("/shop");
    expect(before.body).not.toContain("page-price=4500");
    const saved = await repriceTestProduct(ctx.app, "page-price", 4500);
    expect(saved.statusCode).toBe(200);
    const after = await get("/shop", { "if-none-match": String(before.headers.etag) });
    expect(after.statusCode).toBe(200);
    expect(after.body).toContain("page-price=4500");
    expect(after.headers.etag).not.toBe(before.headers.etag);
  });

  it("sends the empty template when a page cannot be drawn, for the browser to draw", async () => {
    const response = await get("/fails");
    expect(response.statusCode).toBe(200);
    expect(response.body).toBe(INLINED_TEMPLATE);
    expect(response.headers["cache-control"]).toBe("no-store");
  });

  it("caches hashed assets for a year and revalidates the rest", async () => {
    const asset = await get("/assets/index-abc123.js");
    expect(asset.statusCode).toBe(200);
    expect(asset.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    const image = await get("/images/favicon.svg");
    expect(image.headers["cache-control"]).toContain("max-age=0");
    const compressed = await get("/assets/index-abc123.js", { "accept-encoding": "br, gzip" });
    expect(compressed.headers["content-encoding"]).toBe("br");
  });

  it("answers a missing file or API path with 404, not a page, and hides the build's manifest", async () => {
    expect((await get("/assets/gone-123.js")).statusCode).toBe(404);
    const api = await get("/api/unknown");
    expect(api.statusCode).toBe(404);
    expect(api.json()).toMatchObject({ code: "NOT_FOUND" });
    expect((await get("/.vite/manifest.json")).statusCode).toBe(404);
  });
});

describe("a web build without the server's render (the dev server's setup)", () => {
  const web = mkdtempSync(path.join(tmpdir(), "fhh-dist-"));
  writeFileSync(path.join(web, "index.html"), TEMPLATE);
  const ctx = useTestApp("pglite", { WEB_DIST_DIR: web });

  it("answers every page with the template, for the browser to draw", async () => {
    for (const url of ["/", "/shop", "/cart"]) {
      const response = await ctx.app.inject({ method: "GET", url });
      expect(response.statusCode, url).toBe(200);
      expect(response.body, url).toBe(TEMPLATE);
    }
  });
});
