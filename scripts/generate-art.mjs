#!/usr/bin/env node
/**
 * Generates the store's built-in artwork as small, self-contained SVG files.
 *
 *   node scripts/generate-art.mjs
 *
 * Writes (overwriting) into src/web/public/images/:
 *   products/<id>.svg    one per catalogue product (viewBox 0 0 400 300)
 *   categories/<id>.svg  fruits, vegetables, dairy, default (viewBox 0 0 600 400)
 *   hero/hero-{1,2,3}.svg  wide scenes behind the home page headline (viewBox 0 0 1600 900)
 *   team/<slug>.svg      flat avatar portraits (viewBox 0 0 200 200)
 *   favicon.svg          leaf-in-a-circle brand mark (viewBox 0 0 64 64)
 *
 * Plain ESM, no dependencies. Every drawing is built from a few shape helpers in unit
 * coordinates (roughly -1..1) placed with `at(x, y, scale, rotation, ...)`, so a product can be
 * redrawn smaller inside a category basket. After adding a product to
 * src/server/db/seed/catalogue-data.ts, add a drawing under the same id in `products` below
 * and rerun this script; it fails if any seeded product id has no drawing.
 */
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const outDir = join(root, "src/web/public/images");

// Palette shared by every file.
const LEAF = "#4caf50";
const LEAF_D = "#2f7d32";
const LEAF_L = "#a5d6a7";
const CREAM = "#fdf8ef";
const CREAM_2 = "#f6efe0";
const BARK = "#6d4c41";
const TWINE = "#c8a165";

// ---------------------------------------------------------------------------------------------
// Shape helpers. All return SVG markup strings.
// ---------------------------------------------------------------------------------------------

/** Rounds to two decimals and drops trailing zeros. */
const f = (v) => Number(v.toFixed(2));
const tr = (x, y, s = 1, r = 0) =>
  `translate(${f(x)} ${f(y)})${r ? ` rotate(${f(r)})` : ""}${s !== 1 ? ` scale(${f(s)})` : ""}`;
const G = (t, c, extra = "") => `<g transform="${t}"${extra}>${c}</g>`;
/** Places unit-sized content at (x, y), scaled by s and rotated by r degrees. */
const at = (x, y, s, r, c) => G(tr(x, y, s, r), c);
const P = (d, fill, extra = "") => `<path d="${d}" fill="${fill}"${extra}/>`;
const C = (cx, cy, r, fill, extra = "") =>
  `<circle${cx ? ` cx="${f(cx)}"` : ""}${cy ? ` cy="${f(cy)}"` : ""} r="${f(r)}" fill="${fill}"${extra}/>`;
const E = (cx, cy, rx, ry, fill, extra = "") =>
  `<ellipse${cx ? ` cx="${f(cx)}"` : ""}${cy ? ` cy="${f(cy)}"` : ""} rx="${f(rx)}" ry="${f(ry)}" fill="${fill}"${extra}/>`;
const R = (x, y, w, h, rx, fill, extra = "") =>
  `<rect x="${f(x)}" y="${f(y)}" width="${f(w)}" height="${f(h)}"${rx ? ` rx="${f(rx)}"` : ""} fill="${fill}"${extra}/>`;
/** A stroked, unfilled line. */
const S = (d, color, w, extra = "") =>
  `<path d="${d}" fill="none" stroke="${color}" stroke-width="${f(w)}" stroke-linecap="round"${extra}/>`;
const op = (o) => ` opacity="${o}"`;
const rot = (r, x = 0, y = 0) => ` transform="rotate(${r}${x || y ? ` ${x} ${y}` : ""})"`;
const use = (id, x, y, extra = "") =>
  `<use href="#${id}"${x ? ` x="${f(x)}"` : ""}${y ? ` y="${f(y)}"` : ""}${extra}/>`;
const defs = (c) => `<defs>${c}</defs>`;
/** A <use> of a defined group, placed like at(). */
const uat = (x, y, s, r, id) => `<use href="#${id}" transform="${tr(x, y, s, r)}"/>`;

/** Flat shading: the shape in a dark tone, then slightly smaller and up-left in its base tone. */
const shade = (shape, base, dark, k = 1) =>
  shape(dark) +
  G(`translate(${f(-0.05 * k)} ${f(-0.06 * k)}) scale(${f(1 - 0.06 * k)})`, shape(base));
/** A soft white highlight. */
const HL = (x = -0.4, y = -0.42, rx = 0.24, ry = 0.12, r = -35, o = 0.5) =>
  E(x, y, rx, ry, "#fff", `${op(o)}${rot(r, f(x), f(y))}`);
/** Unit leaf pointing along +x from the origin; w scales its width. */
const leafD = (w = 1) => `M0 0Q.5-${f(0.4 * w)} 1 0Q.5 ${f(0.4 * w)} 0 0Z`;
const leaf = (x, y, len, r, fill = LEAF, vein = LEAF_D, w = 1) =>
  at(x, y, len, r, P(leafD(w), fill) + (vein ? S("M.06 0H.82", vein, 0.035) : ""));
let shadows = true;
const shadow = (cx, cy, rx, ry = rx * 0.12) =>
  shadows ? E(cx, cy, rx, ry, "#5d4037", op(0.16)) : "";
const polar = (r, deg) => [
  r * Math.cos((deg * Math.PI) / 180),
  r * Math.sin((deg * Math.PI) / 180),
];
/** Star path with n points (for calyxes and crowns). */
const star = (n, ro, ri, squash = 1) => {
  let d = "";
  for (let i = 0; i < n * 2; i++) {
    const [x, y] = polar(i % 2 ? ri : ro, -90 + (i * 180) / n);
    d += `${i ? "L" : "M"}${f(x)} ${f(y * squash)}`;
  }
  return `${d}Z`;
};
/** Pie slice from the origin between two angles (degrees). */
const sector = (r, a0, a1) => {
  const [x0, y0] = polar(r, a0);
  const [x1, y1] = polar(r, a1);
  return `M0 0L${f(x0)} ${f(y0)}A${r} ${r} 0 0 1 ${f(x1)} ${f(y1)}Z`;
};
/** Twine tie around a bundle. */
const tie = (x, y, s, r = 0, len = 1) =>
  at(
    x,
    y,
    s,
    r,
    R(-len / 2, -0.18, len, 0.36, 0.1, TWINE) +
      S(`M${f(0.05 - len / 2)} 0H${f(len / 2 - 0.05)}`, "#a67c52", 0.05) +
      S("M.1.15Q.3.6.1.8M.1.15Q-.2.55-.35.7", TWINE, 0.1),
  );
/** Cut citrus half, face on. */
const citrusHalf = (rind, pith, seg, n = 9) => {
  let s = C(0, 0, 1, rind) + C(0, 0, 0.9, pith);
  for (let i = 0; i < n; i++) {
    const a = (360 / n) * i;
    s += P(sector(0.8, a + 4, a + 360 / n - 4), seg);
  }
  return s + C(0, 0, 0.1, pith) + HL(-0.45, -0.5, 0.22, 0.08, -40, 0.35);
};

// ---------------------------------------------------------------------------------------------
// Reusable produce pieces (unit sized; place with at()).
// ---------------------------------------------------------------------------------------------

const appleD =
  "M0-.62C.3-.9 1-.8 1-.1C1 .55.6 1 .25.95C.12.93-.12.93-.25.95C-.6 1-1 .55-1-.1C-1-.8-.3-.9 0-.62Z";
const apple = (base = "#c62828", dark = "#8e1616") =>
  shade((c) => P(appleD, c), base, dark) +
  P("M.3-.55C.6-.5.75-.2.7.2C.6-.1.45-.35.3-.55Z", "#e57373", op(0.5)) +
  HL(-0.5, -0.35, 0.22, 0.12, -50) +
  S("M0-.6Q0-.85.15-1.05", BARK, 0.09) +
  leaf(0.12, -0.85, 0.6, -25);

const mangoD =
  "M-.95-.1C-.9-.55-.35-.68.25-.62C.75-.56 1.05-.2.98.18C.9.52.55.66.1.62C-.3.58-.45.45-.7.38C-.92.3-.98.15-.95-.1Z";
/** Needs the "mg" gradient from mangoDefs in the same file. */
const mangoDefs = `<linearGradient id="mg" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#aed143"/><stop offset=".4" stop-color="#ffc107"/><stop offset="1" stop-color="#fb8c00"/></linearGradient>`;
const mango = () =>
  shade((c) => P(mangoD, c), "url(#mg)", "#e65100") +
  E(0.5, 0.1, 0.4, 0.3, "#ff7043", op(0.35)) +
  HL(-0.3, -0.4, 0.35, 0.08, -10) +
  S("M-.82-.38Q-.95-.55-1.12-.58", BARK, 0.08);

const bananaFinger = (base, dark, tip) =>
  shade((c) => P("M-2 .15Q-1 1.45 0 0Q-1 .55-2 .15Z", c), base, dark, 0.5) +
  S("M-1.8.3Q-1 1-.2.1", "#fff", 0.05, op(0.45)) +
  C(-1.98, 0.16, 0.06, tip);
const bananaBunch = (base, dark, tip, stem) =>
  [-30, -15, 0, 14].map((r) => G(`rotate(${r})`, bananaFinger(base, dark, tip))).join("") +
  P("M-.12-.12L.3-.55L.42-.45L.1.1Z", stem) +
  E(0, 0, 0.14, 0.12, stem);

const tomato = () =>
  shade((c) => E(0, 0, 1, 0.86, c), "#e53935", "#b71c1c") +
  HL(-0.45, -0.38, 0.25, 0.12, -35) +
  P(star(5, 0.42, 0.12, 0.55), "#2e7d32", ' transform="translate(0 -.76)"') +
  S("M0-.78Q.02-.95.12-1", "#2e7d32", 0.09);

const brinjal = () =>
  shade(
    (c) =>
      P(
        "M-.95 0C-.95-.25-.55-.32-.15-.38C.45-.48 1-.5 1 0C1 .5.45.48-.15.38C-.55.32-.95.25-.95 0Z",
        c,
      ),
    "#6a1b9a",
    "#3b0a5e",
    0.6,
  ) +
  E(0.25, -0.25, 0.5, 0.06, "#fff", op(0.4)) +
  P(
    "M-1.02-.05C-.9-.3-.7-.35-.4-.33L-.58-.17L-.3-.06L-.58.06L-.4.32C-.7.35-.9.3-1.02.05Z",
    "#558b2f",
  ) +
  S("M-1 0H-1.32", "#689f38", 0.12);

const citrus = (base, dark) =>
  shade((c) => C(0, 0, 1, c), base, dark) +
  HL() +
  C(0.35, -0.3, 0.05, dark, op(0.5)) +
  C(-0.3, 0.35, 0.05, dark, op(0.5)) +
  C(0.3, 0.4, 0.05, dark, op(0.5));

const lemonD =
  "M-1 0Q-.95-.1-.85-.15C-.6-.7.6-.7.85-.15Q.95-.1 1 0Q.95.1.85.15C.6.7-.6.7-.85.15Q-.95.1-1 0Z";

// ---------------------------------------------------------------------------------------------
// Product drawings, keyed by product id, in the 400 x 300 frame.
// ---------------------------------------------------------------------------------------------

const products = {
  "kashmir-apples": () =>
    shadow(200, 250, 125) +
    at(200, 130, 58, 0, apple()) +
    at(138, 192, 55, -10, apple()) +
    at(264, 192, 55, 10, apple()),

  mangoes: () =>
    shadow(200, 250, 120) +
    defs(mangoDefs) +
    leaf(110, 118, 100, -150, LEAF, LEAF_D, 0.8) +
    leaf(112, 116, 95, -110, "#388e3c", "#1b5e20", 0.8) +
    at(190, 138, 92, -14, mango()) +
    at(235, 200, 92, 8, mango()),

  bananas: () =>
    shadow(200, 250, 125) +
    at(305, 118, 98, 0, bananaBunch("#fdd835", "#f9a825", "#5d4037", "#8d6e63")),

  papaya: () =>
    shadow(200, 250, 125) +
    at(
      175,
      140,
      100,
      -15,
      shade((c) => E(0, 0, 1, 0.55, c), "#c0ca33", "#8c9a1f") +
        E(0.25, 0.12, 0.65, 0.33, "#ffb74d", op(0.7)) +
        HL(-0.35, -0.3, 0.35, 0.08, -5) +
        R(-1.08, -0.06, 0.12, 0.12, 0.03, BARK),
    ) +
    at(
      240,
      200,
      85,
      -8,
      E(0, 0, 1, 0.55, "#fbc02d") +
        E(0, 0, 0.92, 0.48, "#ff7043") +
        E(0, 0, 0.55, 0.22, "#ffab91") +
        [-0.4, -0.25, -0.1, 0.05, 0.2, 0.35]
          .map((x, i) => C(x, i % 2 ? 0.07 : -0.06, 0.06, "#3e2723"))
          .join("") +
        [-0.32, -0.02, 0.28].map((x) => C(x, 0, 0.055, "#3e2723")).join(""),
    ),

  guava: () =>
    shadow(200, 250, 125) +
    at(
      145,
      160,
      62,
      -10,
      shade(
        (c) => P("M0-1C.55-1 1-.6 1 0C1 .6.6 1 0 1C-.6 1-1 .6-1 0C-1-.55-.55-1 0-1Z", c),
        "#9ccc65",
        "#689f38",
      ) +
        HL() +
        P(star(5, 0.12, 0.05), "#5d4037", ' transform="translate(.05 .92)"'),
    ) +
    leaf(150, 100, 90, -60) +
    at(
      260,
      190,
      62,
      10,
      C(0, 0, 1, "#8bc34a") +
        C(0, 0, 0.9, "#f8bbd0") +
        C(0, 0, 0.55, "#f48fb1") +
        [0, 60, 120, 180, 240, 300]
          .map((a) => {
            const [x, y] = polar(0.32, a);
            return C(x, y, 0.06, "#fff3e0");
          })
          .join("") +
        C(0, 0, 0.06, "#fff3e0"),
    ),

  pomegranate: () => {
    let arils = "";
    for (let y = -0.66; y <= 0.7; y += 0.22)
      for (let x = -0.7; x <= 0.7; x += 0.24) {
        const xx = x + (Math.round(y / 0.22) % 2 ? 0.12 : 0);
        if (Math.hypot(xx, y) < 0.68) arils += use("pa", xx, y);
      }
    return (
      shadow(200, 250, 125) +
      defs(
        `<g id="pa">${C(0, 0, 0.12, "#ad1457")}${C(-0.03, -0.03, 0.085, "#e91e63")}${C(-0.04, -0.05, 0.03, "#fff", op(0.6))}</g>`,
      ) +
      at(
        150,
        155,
        72,
        -8,
        shade((c) => C(0, 0, 1, c), "#c62828", "#7f0000") +
          HL() +
          P("M-.24-.85L-.3-1.18L-.1-1.02L0-1.24L.1-1.02L.3-1.18L.24-.85Z", "#8e1b1b"),
      ) +
      at(262, 195, 66, 0, C(0, 0, 1, "#b71c1c") + C(0, 0, 0.9, "#fff1e6") + arils)
    );
  },

  watermelon: () => {
    const sec = (r) => {
      const a0 = 58;
      const [x, y] = polar(r, a0);
      return `M0-.9L${f(x)} ${f(-0.9 + y)}A${r} ${r} 0 0 1 ${f(-x)} ${f(-0.9 + y)}Z`;
    };
    const seeds = [
      [-0.25, 0],
      [0, 0.12],
      [0.25, 0],
      [-0.12, -0.3],
      [0.12, -0.3],
      [0, 0.35],
      [-0.3, 0.3],
      [0.3, 0.3],
    ]
      .map(([x, y]) => E(x, y, 0.04, 0.07, "#3e2723"))
      .join("");
    return (
      shadow(200, 252, 135) +
      at(
        170,
        150,
        115,
        -8,
        shade((c) => E(0, 0, 1, 0.68, c), "#43a047", "#1b5e20") +
          [-0.5, -0.17, 0.17, 0.5]
            .map((k) =>
              S(
                `M-.9 ${f(k * 0.55)}Q-.45 ${f(k * 1.2 - 0.05)} 0 ${f(k * 1.4)}T.9 ${f(k * 0.55)}`,
                "#1b5e20",
                0.09,
              ),
            )
            .join("") +
          HL(-0.35, -0.42, 0.35, 0.08, -10, 0.35),
      ) +
      at(
        282,
        205,
        80,
        0,
        P(sec(1.4), "#2e7d32") + P(sec(1.3), "#f1f8e9") + P(sec(1.22), "#ef5350") + seeds,
      )
    );
  },

  jackfruit: () =>
    shadow(200, 252, 140) +
    defs(
      `<pattern id="jf" width=".12" height=".12" patternUnits="userSpaceOnUse">${C(0.03, 0.03, 0.028, "#6b7a12")}${C(0.09, 0.09, 0.028, "#6b7a12")}</pattern>`,
    ) +
    at(
      190,
      145,
      125,
      -12,
      shade((c) => E(0, 0, 1, 0.66, c), "#b0bf32", "#7c8a15") +
        E(0, 0, 1, 0.66, "url(#jf)", op(0.55)) +
        HL(-0.35, -0.4, 0.35, 0.1, -10, 0.3) +
        R(-1.2, -0.06, 0.25, 0.12, 0.04, BARK),
    ) +
    leaf(255, 232, 90, -5, "#388e3c", "#1b5e20") +
    [
      [250, 215],
      [292, 222],
      [330, 212],
    ]
      .map(([x, y], i) =>
        at(
          x,
          y,
          28,
          -20 + i * 20,
          shade((c) => E(0, 0, 1, 0.62, c), "#ffca28", "#ff8f00") + HL(-0.3, -0.3, 0.35, 0.12, -20),
        ),
      )
      .join(""),

  litchi: () =>
    shadow(200, 250, 120) +
    defs(
      `<pattern id="lb" width=".2" height=".2" patternUnits="userSpaceOnUse">${C(0.05, 0.05, 0.05, "#8e1b1b")}${C(0.15, 0.15, 0.05, "#8e1b1b")}</pattern><g id="lt">${shade((c) => C(0, 0, 1, c), "#e53935", "#9a1b1b")}${C(0, 0, 1, "url(#lb)", op(0.5))}${HL(-0.4, -0.4, 0.25, 0.12)}</g>`,
    ) +
    S(
      "M120 70Q170 60 200 90M170 66Q200 60 240 72M200 90L180 140M200 90L235 145M240 72L275 120",
      BARK,
      5,
    ) +
    leaf(120, 70, 80, 160) +
    leaf(240, 72, 90, -20) +
    [
      [175, 170],
      [232, 172],
      [275, 150],
      [205, 215],
    ]
      .map(([x, y]) => at(x, y, 38, 0, use("lt")))
      .join("") +
    at(
      140,
      215,
      38,
      0,
      C(0, 0, 1, "#e53935") +
        shade((c) => E(0.15, -0.1, 0.85, 0.8, c), "#fbf8ee", "#e5ddc8") +
        HL(-0.2, -0.45, 0.25, 0.1),
    ),

  pineapple: () =>
    shadow(200, 256, 95) +
    defs(
      `<pattern id="pp" width=".3" height=".3" patternUnits="userSpaceOnUse" patternTransform="rotate(45)">${S("M0 0H.3M0 0V.3", "#a0520f", 0.035)}${C(0.15, 0.15, 0.035, "#8d4a00")}</pattern>`,
    ) +
    at(
      200,
      100,
      75,
      0,
      [-125, -110, -95, -80, -65, -50]
        .map((r, i) => leaf(0, 0.45, 1.1 + (i % 2) * 0.3, r, i % 2 ? LEAF_D : LEAF, null, 0.35))
        .join(""),
    ) +
    at(
      200,
      185,
      68,
      0,
      shade((c) => E(0, 0, 0.8, 1, c), "#f9a825", "#c77700") +
        E(0, 0, 0.8, 1, "url(#pp)", op(0.7)) +
        HL(-0.35, -0.45, 0.18, 0.3, 10, 0.35),
    ),

  oranges: () =>
    shadow(200, 250, 125) +
    at(200, 125, 58, 0, citrus("#fb8c00", "#d84315")) +
    leaf(205, 72, 55, -40) +
    at(140, 195, 55, 0, citrus("#fb8c00", "#d84315")) +
    at(262, 195, 55, 0, citrusHalf("#fb8c00", "#fff3e0", "#ffa726")),

  "sweet-lime": () =>
    shadow(200, 250, 125) +
    at(200, 125, 58, 0, citrus("#c0ca33", "#827717")) +
    leaf(205, 72, 55, -40) +
    at(140, 195, 55, 0, citrus("#c0ca33", "#827717")) +
    at(262, 195, 55, 0, citrusHalf("#afb42b", "#fffde7", "#f0e68c")),

  "green-grapes": () => {
    const rows = [
      [-0.66, 4],
      [-0.3, 4],
      [0.06, 3],
      [0.42, 3],
      [0.76, 2],
      [1.08, 1],
    ];
    let g = "";
    for (const [y, n] of rows)
      for (let i = 0; i < n; i++) g += use("gg", (i - (n - 1) / 2) * 0.36, y);
    return (
      shadow(200, 252, 90) +
      defs(
        `<g id="gg">${shade((c) => C(0, 0, 0.2, c), "#c5e1a5", "#8bc34a")}${C(-0.07, -0.07, 0.05, "#fff", op(0.7))}</g>`,
      ) +
      leaf(215, 62, 85, -20, LEAF, LEAF_D, 1.3) +
      S("M200 72Q205 55 220 48", BARK, 6) +
      at(200, 140, 95, 0, g)
    );
  },

  chikoo: () =>
    shadow(200, 250, 125) +
    at(
      148,
      165,
      62,
      -15,
      shade((c) => E(0, 0, 1, 0.85, c), "#a1887f", "#6d4c41") +
        HL(-0.4, -0.4, 0.25, 0.1, -35, 0.35) +
        C(0.95, 0, 0.07, "#4e342e"),
    ) +
    at(
      258,
      190,
      62,
      0,
      E(0, 0, 1, 0.85, "#8d6e63") +
        E(0, 0, 0.92, 0.77, "#c68b59") +
        E(0, 0, 0.4, 0.3, "#b5774a") +
        [0, 120, 240]
          .map((a) => {
            const [x, y] = polar(0.3, a);
            return E(x, y, 0.16, 0.08, "#3e2723", rot(a, f(x), f(y)));
          })
          .join(""),
    ),

  "custard-apple": () => {
    let b = "";
    for (let y = -0.7; y <= 0.75; y += 0.28)
      for (let x = -0.8; x <= 0.8; x += 0.3) {
        const xx = x + (Math.round(y / 0.28) % 2 ? 0.15 : 0);
        if (Math.hypot(xx, y) < 0.78) b += use("cs", xx, y);
      }
    return (
      shadow(200, 252, 110) +
      defs(
        `<g id="cs">${C(0, 0, 0.16, "#aed581", ' stroke="#558b2f" stroke-width=".04"')}${C(-0.04, -0.04, 0.04, "#dcedc8")}</g>`,
      ) +
      at(
        200,
        155,
        92,
        0,
        shade(
          (c) => P("M0-.8C.5-1.05 1-.6 1 0C1 .6.55 1 0 1C-.55 1-1 .6-1 0C-1-.6-.5-1.05 0-.8Z", c),
          "#9ccc65",
          "#558b2f",
        ) + b,
      ) +
      S("M200 84Q198 70 208 60", BARK, 7) +
      leaf(208, 62, 60, -30)
    );
  },

  kiwi: () => {
    let seeds = "";
    for (let i = 0; i < 18; i++) {
      const a = i * 20;
      const [x, y] = polar(0.42, a);
      seeds += E(x, y * 0.8, 0.06, 0.025, "#1b1b1b", rot(a, f(x), f(y * 0.8)));
    }
    return (
      shadow(200, 250, 125) +
      defs(
        `<pattern id="kf" width=".1" height=".1" patternUnits="userSpaceOnUse">${C(0.03, 0.04, 0.015, "#bcaaa4")}</pattern>`,
      ) +
      at(
        145,
        160,
        70,
        -20,
        shade((c) => E(0, 0, 1, 0.75, c), "#8d6e63", "#5d4037") +
          E(0, 0, 1, 0.75, "url(#kf)", op(0.6)) +
          HL(-0.4, -0.35, 0.25, 0.08),
      ) +
      at(
        262,
        188,
        66,
        0,
        E(0, 0, 1, 0.82, "#6d4c41") +
          E(0, 0, 0.93, 0.75, "#7cb342") +
          E(0, 0, 0.7, 0.56, "#9ccc65") +
          E(0, 0, 0.26, 0.2, "#f1f8e9") +
          seeds,
      )
    );
  },

  strawberries: () => {
    const seeds = [
      [-0.5, -0.35],
      [0, -0.45],
      [0.5, -0.35],
      [-0.3, 0],
      [0.3, 0],
      [-0.6, 0.05],
      [0.6, 0.05],
      [0, 0.3],
      [-0.3, 0.5],
      [0.3, 0.5],
      [0, 0.7],
      [-0.1, -0.1],
    ]
      .map(([x, y]) => use("ss", x, y))
      .join("");
    const berry =
      shade(
        (c) => P("M0-.8C.5-.9 1-.6.9-.1C.8.4.3.9 0 1C-.3.9-.8.4-.9-.1C-1-.6-.5-.9 0-.8Z", c),
        "#e53935",
        "#b71c1c",
      ) +
      seeds +
      HL(-0.45, -0.35, 0.2, 0.1, -50, 0.4) +
      P(
        "M0-.78L-.55-.95L-.28-.72L-.62-.55L-.15-.6L0-.42L.15-.6L.62-.55L.28-.72L.55-.95Z",
        "#43a047",
      ) +
      S("M0-.8Q0-1 .1-1.08", "#2e7d32", 0.08);
    return (
      shadow(200, 252, 125) +
      defs(`${E(0, 0, 0.04, 0.06, "#ffe082", ' id="ss"')}<g id="sb">${berry}</g>`) +
      [
        [165, 140, -15],
        [240, 138, 15],
        [130, 200, -25],
        [205, 200, 0],
        [278, 200, 20],
      ]
        .map(([x, y, r]) => at(x, y, 45, r, use("sb")))
        .join("")
    );
  },

  pears: () => {
    const pear =
      shade(
        (c) =>
          P(
            "M0-1C.25-1 .3-.6.35-.35C.75-.1.8.35.7.6C.5 1-.5 1-.7.6C-.8.35-.75-.1-.35-.35C-.3-.6-.25-1 0-1Z",
            c,
          ),
        "#cddc39",
        "#9e9d24",
      ) +
      E(0.3, 0.35, 0.3, 0.35, "#ffb74d", op(0.35)) +
      HL(-0.35, 0, 0.15, 0.3, 10, 0.4) +
      S("M0-.98Q0-1.15.12-1.25", BARK, 0.07) +
      leaf(0.05, -1.1, 0.5, -30);
    return shadow(200, 252, 110) + at(160, 160, 90, -10, pear) + at(245, 165, 88, 12, pear);
  },

  "tender-coconut": () => {
    const nut = (cut) =>
      shade(
        (c) =>
          P("M0-1C.45-1 .95-.45.95.15C.95.7.5 1 0 1C-.5 1-.95.7-.95.15C-.95-.45-.45-1 0-1Z", c),
        "#7cb342",
        "#4b7d1f",
      ) +
      HL(-0.45, -0.35, 0.25, 0.1, -50, 0.4) +
      (cut
        ? E(0, -0.82, 0.34, 0.13, "#e8dcc0") + E(0, -0.8, 0.26, 0.09, "#fffaf0")
        : E(0, -0.98, 0.12, 0.06, "#8d6e63"));
    return (
      shadow(200, 252, 130) +
      at(145, 165, 78, -8, nut(false)) +
      at(
        250,
        170,
        82,
        5,
        nut(true) +
          S("M.05-.8L.35-1.5Q.4-1.62.55-1.65", "#fff", 0.1) +
          S("M.05-.8L.35-1.5Q.4-1.62.55-1.65", "#e53935", 0.1, ' stroke-dasharray=".12 .12"'),
      )
    );
  },

  jamun: () => {
    const pos = [
      [150, 190],
      [185, 175],
      [222, 180],
      [258, 192],
      [168, 218],
      [205, 212],
      [242, 220],
      [195, 150],
      [232, 152],
    ];
    return (
      shadow(200, 248, 120) +
      defs(
        `<g id="jm">${shade((c) => E(0, 0, 1, 0.75, c), "#4a148c", "#1a0633")}${HL(-0.4, -0.35, 0.3, 0.12, -30, 0.55)}</g>`,
      ) +
      leaf(90, 215, 150, -12, LEAF, LEAF_D, 0.9) +
      leaf(310, 220, 130, 195, "#388e3c", "#1b5e20", 0.9) +
      pos.map(([x, y], i) => at(x, y, 27, ((i * 37) % 60) - 30, use("jm"))).join("")
    );
  },

  muskmelon: () =>
    shadow(200, 252, 130) +
    defs(
      `<pattern id="mn" width=".24" height=".2" patternUnits="userSpaceOnUse" patternTransform="rotate(30)">${S("M0 .1Q.06 0 .12.1T.24.1M.12.1V.2", "#f5e6c0", 0.03)}</pattern>`,
    ) +
    at(
      165,
      150,
      95,
      -10,
      shade((c) => E(0, 0, 1, 0.85, c), "#d4b36a", "#a1803b") +
        E(0, 0, 1, 0.85, "url(#mn)", op(0.9)) +
        HL(-0.4, -0.4, 0.3, 0.12, -30, 0.35),
    ) +
    at(
      262,
      222,
      95,
      -5,
      P("M-1 0A1 .55 0 0 0 1 0Q0 .12-1 0Z", "#9ccc65") +
        P("M-.96-.01A.96 .48 0 0 0 .96-.01Q0 .1-.96-.01Z", "#f1f8e9") +
        P("M-.93-.03A.93 .42 0 0 0 .93-.03Q0-.22-.93-.03Z", "#ffa040") +
        E(0, -0.08, 0.5, 0.05, "#ffcc80"),
    ),

  "dragon-fruit": () => {
    const scales = [
      [-0.55, -0.5, -140],
      [0.5, -0.55, -40],
      [-0.8, 0.1, 180],
      [0.8, 0.05, 0],
      [-0.55, 0.6, 140],
      [0.5, 0.65, 40],
      [0, -0.95, -90],
      [0, 0.1, -80],
    ]
      .map(([x, y, r]) =>
        at(x, y, 0.45, r, P(leafD(0.8), "#f06292") + P("M.6 0Q.8-.1 1 0Q.8.1.6 0Z", "#8bc34a")),
      )
      .join("");
    return (
      shadow(200, 252, 125) +
      at(
        150,
        160,
        78,
        -20,
        shade((c) => E(0, 0, 0.8, 1, c), "#e91e63", "#ad1457") +
          scales +
          HL(-0.3, -0.4, 0.15, 0.28, 15, 0.35),
      ) +
      defs(
        `<pattern id="df" width=".2" height=".2" patternUnits="userSpaceOnUse">${C(0.05, 0.06, 0.025, "#222")}${C(0.15, 0.16, 0.025, "#222")}${C(0.14, 0.04, 0.02, "#222")}</pattern>`,
      ) +
      at(
        262,
        192,
        62,
        10,
        E(0, 0, 0.8, 1, "#e91e63") +
          E(0, 0, 0.72, 0.92, "#fdfbf7") +
          E(0, 0, 0.62, 0.82, "url(#df)"),
      )
    );
  },

  // ----- vegetables -----

  tomatoes: () =>
    shadow(200, 250, 125) +
    at(200, 130, 58, 0, tomato()) +
    at(138, 192, 56, -8, tomato()) +
    at(262, 192, 56, 8, tomato()) +
    leaf(95, 235, 50, -160, LEAF, LEAF_D),

  brinjal: () =>
    shadow(200, 252, 130) + at(185, 140, 100, -28, brinjal()) + at(225, 185, 100, -12, brinjal()),

  cucumber: () => {
    const cuc =
      shade((c) => R(-1, -0.24, 2, 0.48, 0.24, c), "#43a047", "#1b5e20", 0.5) +
      S("M-.8-.1H.8M-.75.06H.75", "#81c784", 0.03, op(0.8)) +
      [-0.6, -0.2, 0.2, 0.6].map((x) => C(x, -0.02, 0.02, "#c8e6c9")).join("") +
      R(-1.08, -0.05, 0.1, 0.1, 0.03, "#689f38");
    const slice =
      C(0, 0, 1, "#2e7d32") +
      C(0, 0, 0.9, "#dcedc8") +
      C(0, 0, 0.5, "#f1f8e9") +
      [0, 60, 120, 180, 240, 300]
        .map((a) => {
          const [x, y] = polar(0.3, a);
          return E(x, y, 0.1, 0.05, "#c5e1a5", rot(a, f(x), f(y)));
        })
        .join("");
    return (
      shadow(200, 252, 135) +
      at(185, 135, 120, -12, cuc) +
      at(200, 180, 120, -4, cuc) +
      at(150, 228, 30, 0, slice) +
      at(210, 232, 30, 0, slice) +
      at(268, 226, 30, 0, slice)
    );
  },

  potatoes: () => {
    const potato =
      shade(
        (c) =>
          P(
            "M-1-.1C-.95-.6-.3-.75.2-.7C.75-.65 1-.3.98.1C.95.55.5.75 0 .72C-.55.7-1.05.4-1-.1Z",
            c,
          ),
        "#d2a86a",
        "#9c7440",
      ) +
      E(-0.4, -0.2, 0.06, 0.04, "#8d6e4a") +
      E(0.35, 0.15, 0.06, 0.04, "#8d6e4a") +
      E(-0.1, 0.4, 0.05, 0.035, "#8d6e4a") +
      E(0.5, -0.35, 0.05, 0.035, "#8d6e4a") +
      HL(-0.4, -0.4, 0.25, 0.08, -15, 0.35);
    return (
      shadow(200, 250, 125) +
      at(205, 135, 70, 15, potato) +
      at(140, 195, 65, -10, potato) +
      at(265, 198, 68, 170, potato)
    );
  },

  onions: () => {
    const onion =
      shade(
        (c) => P("M0-1C.15-.8.9-.6.95 0C.95.6.5.9 0 .9C-.5.9-.95.6-.95 0C-.9-.6-.15-.8 0-1Z", c),
        "#a8416b",
        "#6d1f44",
      ) +
      S("M0-.95Q.6-.4.35.85M0-.95Q-.6-.4-.35.85M0-.95Q.05 0 0 .88", "#e6a5c3", 0.04, op(0.6)) +
      HL(-0.45, -0.25, 0.15, 0.3, 20, 0.35) +
      S("M0-.95L.06-1.2", "#c9a37a", 0.08) +
      S("M-.15.9L-.2 1.05M0 .9V1.08M.15.9L.2 1.05", "#d7ccc8", 0.04);
    return (
      shadow(200, 252, 125) +
      at(200, 128, 62, 5, onion) +
      at(140, 190, 60, -12, onion) +
      at(262, 190, 60, 12, onion)
    );
  },

  okra: () => {
    const pod =
      shade((c) => P("M-.8-.14Q.2-.16 1 0Q.2.16-.8.14Z", c), "#7cb342", "#4e7d23", 0.3) +
      S("M-.75-.04Q.2-.04.92 0", "#aed581", 0.03) +
      R(-0.98, -0.13, 0.22, 0.26, 0.06, "#9ccc65") +
      S("M-.98 0H-1.12", "#689f38", 0.06);
    return (
      shadow(200, 252, 125) +
      [
        [-20, 110],
        [-10, 135],
        [0, 160],
        [10, 185],
        [20, 210],
      ]
        .map(([r, y], i) => at(200 + (i % 2) * 15, y, 120, r / 2, pod))
        .join("")
    );
  },

  "bitter-gourd": () => {
    let bumps = "";
    for (let x = -0.78; x <= 0.79; x += 0.12)
      for (const k of [-0.66, -0.33, 0, 0.33, 0.66]) {
        const h = 0.3 * Math.sqrt(Math.max(0, 1 - x * x));
        bumps += use("bb", x, k * h);
      }
    const gourd =
      shade((c) => P("M-1 0C-.7-.32.6-.38 1 0C.6.38-.7.32-1 0Z", c), "#4e7d23", "#2e5a16", 0.5) +
      bumps +
      S("M-1 0H-1.18", "#7cb342", 0.06);
    return (
      shadow(200, 252, 130) +
      defs(`${E(0, 0, 0.045, 0.03, "#9ccc65", ' id="bb"')}<g id="bg">${gourd}</g>`) +
      uat(190, 135, 130, -15, "bg") +
      uat(215, 190, 130, -5, "bg")
    );
  },

  "bottle-gourd": () => {
    const gourd =
      shade(
        (c) => P("M-1 0C-1-.2-.6-.22-.2-.28C.3-.45 1-.5 1 0C1 .5.3.45-.2.28C-.6.22-1 .2-1 0Z", c),
        "#aed581",
        "#7cb342",
        0.6,
      ) +
      [
        [-0.6, -0.05],
        [-0.2, 0.1],
        [0.3, -0.2],
        [0.5, 0.2],
        [0.7, -0.05],
        [0.1, 0.05],
      ]
        .map(([x, y]) => E(x, y, 0.05, 0.03, "#dcedc8"))
        .join("") +
      HL(0.2, -0.25, 0.45, 0.05, -5, 0.4) +
      S("M-1 0H-1.2", "#558b2f", 0.08);
    return (
      shadow(200, 252, 140) +
      at(190, 160, 150, -15, gourd) +
      at(
        305,
        222,
        32,
        0,
        C(0, 0, 1, "#7cb342") +
          C(0, 0, 0.9, "#f1f8e9") +
          C(0, 0, 0.5, "#e6f0d2") +
          [0, 72, 144, 216, 288]
            .map((a) => {
              const [x, y] = polar(0.3, a);
              return E(x, y, 0.09, 0.05, "#fffde7", rot(a, f(x), f(y)));
            })
            .join(""),
      )
    );
  },

  "pointed-gourd": () => {
    const g =
      shade((c) => P("M-1 0C-.7-.52.7-.52 1 0C.7.52-.7.52-1 0Z", c), "#689f38", "#33691e", 0.6) +
      S("M-.8-.12Q0-.3.8-.12M-.85.02Q0 .04.85.02M-.8.15Q0 .3.8.15", "#c5e1a5", 0.035) +
      S("M-1 0H-1.12", "#7cb342", 0.05);
    return (
      shadow(200, 252, 125) +
      [
        [165, 130, -20],
        [245, 132, 15],
        [150, 192, 8],
        [250, 195, -12],
        [200, 215, 2],
      ]
        .map(([x, y, r]) => at(x, y, 62, r, g))
        .join("")
    );
  },

  drumsticks: () => {
    const stick =
      S("M-1 0H1", "#4e7d23", 0.07) +
      S("M-.98-.012H.98", "#8bc34a", 0.025) +
      [-0.6, -0.2, 0.2, 0.6].map((x) => E(x, 0, 0.05, 0.042, "#558b2f")).join("");
    return (
      shadow(200, 250, 140) +
      [-3, -2, -1, 0, 1, 2]
        .map((r, i) => at(200 + (i % 2) * 10, 128 + i * 16, 145, r - 12, stick))
        .join("") +
      tie(200, 168, 45, 78, 2.3)
    );
  },

  cauliflower: () => {
    let fl = "";
    for (let y = -0.7; y <= 0.25; y += 0.22)
      for (let x = -0.85; x <= 0.85; x += 0.24) {
        const xx = x + (Math.round(y / 0.22) % 2 ? 0.12 : 0);
        if ((xx / 0.85) ** 2 + ((y + 0.15) / 0.62) ** 2 < 1) fl += use("cf", xx, y);
      }
    return (
      shadow(200, 252, 135) +
      defs(`<g id="cf">${shade((c) => C(0, 0, 0.2, c), "#fff8e1", "#e4d3a2")}</g>`) +
      at(
        200,
        160,
        95,
        0,
        [
          [200, 1.3],
          [160, 1.35],
          [130, 1.2],
          [20, 1.2],
          [50, 1.2],
          [-20, 1.3],
        ]
          .map(([r, l], i) => leaf(0, 0.15, l, r, i % 2 ? LEAF_D : LEAF, "#c8e6c9", 0.9))
          .join("") +
          fl +
          S("M-.5.3Q-.2.5 0 .45", LEAF_D, 0.06),
      )
    );
  },

  cabbage: () =>
    shadow(200, 252, 130) +
    at(
      200,
      155,
      95,
      0,
      [
        [205, 1.3],
        [-25, 1.3],
        [135, 1.2],
        [45, 1.2],
      ]
        .map(([r, l]) => leaf(0, 0, l, r, "#7cb342", "#dcedc8", 1.6))
        .join("") +
        shade((c) => C(0, 0, 0.82, c), "#aed581", "#7cb342") +
        S("M-.75.1Q-.3-.7.5-.6M.7.2Q.4-.5-.2-.6M-.6.45Q0-.1.65.4", "#8bc34a", 0.06) +
        S("M0 .8Q-.1.2.2-.3M-.4.6Q-.3.2-.5-.1M.45.55Q.5.1.3-.2", "#f1f8e9", 0.03, op(0.7)) +
        HL(-0.35, -0.45, 0.25, 0.1, -30, 0.4),
    ),

  spinach: () => {
    const lf = (fill) =>
      P("M0 0C.2-.3.6-.45 1-.2C1.15-.05 1.15.05 1 .2C.6.45.2.3 0 0Z", fill) +
      S("M0 0H1M.35 0L.55-.2M.35 0L.55.2M.65 0L.82-.15M.65 0L.82.15", "#a5d6a7", 0.03);
    return (
      shadow(200, 252, 120) +
      [
        [-155, "#388e3c"],
        [-125, "#2e7d32"],
        [-90, "#43a047"],
        [-55, "#2e7d32"],
        [-25, "#388e3c"],
        [-105, "#1b5e20"],
        [-72, "#388e3c"],
      ]
        .map(([r, c]) => {
          const [x, y] = polar(55, r);
          return (
            S(`M200 245L${f(200 + x)} ${f(245 + y)}`, "#7cb342", 5) +
            at(200 + x, 245 + y, 100, r, lf(c))
          );
        })
        .join("") +
      tie(200, 240, 40, 0)
    );
  },

  carrots: () => {
    const carrot =
      [-120, -95, -70].map((r) => leaf(0, -0.95, 0.75, r, LEAF, null, 0.35)).join("") +
      shade(
        (c) => P("M-.24-1C-.1-1.05.1-1.05.24-1L.05.95Q0 1.05-.05.95Z", c),
        "#fb8c00",
        "#e65100",
        0.3,
      ) +
      S("M-.18-.5H-.02M.05-.15H.16M-.12.2H0M.03.5H.1", "#e65100", 0.04);
    return (
      shadow(200, 252, 120) +
      at(150, 150, 95, -30, carrot) +
      at(200, 155, 100, -5, carrot) +
      at(255, 160, 95, 25, carrot)
    );
  },

  beetroot: () => {
    const beet =
      [-120, -90, -60]
        .map((r, i) => {
          const [x, y] = polar(0.9, r);
          return (
            S(`M0-.85L${f(x)} ${f(y - 0.85)}`, "#c2185b", 0.07) +
            leaf(x, y - 0.85, 0.7, r + (i - 1) * 10, "#388e3c", "#c2185b", 0.8)
          );
        })
        .join("") +
      shade(
        (c) =>
          P(
            "M0-.9C.6-.9 1-.45.95.05C.9.55.45.85.08 1.05L0 1.5L-.08 1.05C-.45.85-.9.55-.95.05C-1-.45-.6-.9 0-.9Z",
            c,
          ),
        "#8e1550",
        "#4a0029",
      ) +
      HL(-0.4, -0.35, 0.25, 0.12, -40, 0.35);
    return shadow(200, 255, 110) + at(155, 180, 52, -12, beet) + at(250, 175, 56, 10, beet);
  },

  radish: () => {
    const rad =
      [-120, -95, -70]
        .map((r) => leaf(0, -1, 1.1, r, r === -95 ? LEAF_D : LEAF, "#c8e6c9", 0.8))
        .join("") +
      shade(
        (c) => P("M-.28-1C-.1-1.05.1-1.05.28-1C.3-.3.15.5 0 1.4C-.15.5-.3-.3-.28-1Z", c),
        "#fafafa",
        "#d7ccc8",
        0.3,
      ) +
      E(0, -0.88, 0.27, 0.14, "#dcedc8", op(0.8)) +
      S("M-.2-.3H-.05M.05.1H.15M-.1.5H0", "#d7ccc8", 0.03);
    return shadow(200, 252, 120) + at(170, 168, 72, -35, rad) + at(250, 175, 72, -20, rad);
  },

  "green-peas": () => {
    const peas = [-0.6, -0.36, -0.12, 0.12, 0.36, 0.6].map((x) => use("pe", x, -0.02)).join("");
    return (
      shadow(200, 250, 130) +
      defs(
        `<g id="pe">${shade((c) => C(0, 0, 0.13, c), "#8bc34a", "#558b2f")}${C(-0.04, -0.04, 0.035, "#fff", op(0.6))}</g>`,
      ) +
      at(
        185,
        125,
        110,
        -15,
        shade((c) => P("M-1 0C-.5-.35.5-.35 1 0C.5.3-.5.3-1 0Z", c), "#7cb342", "#4e7d23", 0.5) +
          S("M-.9-.05C-.5-.22.5-.22.9-.05", "#aed581", 0.03) +
          S("M-1 0L-1.12-.08", "#689f38", 0.05),
      ) +
      at(
        210,
        190,
        120,
        -3,
        P("M-1 0Q0 .55 1 0Q0 .35-1 0Z", "#558b2f") +
          P("M-1 0Q0-.3 1 0Q0 .3-1 0Z", "#dcedc8") +
          peas +
          P("M-1 0Q0-.55 1 0Q0-.45-1 0Z", "#7cb342"),
      ) +
      [
        [120, 235],
        [285, 238],
        [305, 226],
      ]
        .map(([x, y]) => at(x, y, 85, 0, use("pe")))
        .join("")
    );
  },

  "french-beans": () =>
    shadow(200, 252, 135) +
    [
      [110, 4],
      [132, -2],
      [154, 3],
      [176, -3],
      [198, 2],
      [220, -1],
      [242, 3],
    ]
      .map(([y, r], i) =>
        at(
          200 + (i % 3) * 8 - 8,
          y,
          130,
          r,
          S("M-1 0Q0-.15 1 0", i % 2 ? "#388e3c" : "#43a047", 0.1) +
            S("M-.9-.04Q0-.14.9-.04", "#81c784", 0.025),
        ),
      )
      .join(""),

  capsicum: () => {
    const cap =
      shade(
        (c) =>
          P(
            "M0-.7C.35-.95.95-.8.95-.2C.95.4.8.9.45.95C.3.97.15.85 0 .9C-.15.85-.3.97-.45.95C-.8.9-.95.4-.95-.2C-.95-.8-.35-.95 0-.7Z",
            c,
          ),
        "#43a047",
        "#1b5e20",
      ) +
      S("M-.35-.6Q-.45.2-.25.85M.35-.6Q.45.2.25.85", "#2e7d32", 0.05) +
      HL(-0.55, -0.2, 0.12, 0.35, 10, 0.35) +
      P("M-.25-.72Q0-.9.25-.72Q0-.6-.25-.72Z", "#2e7d32") +
      S("M0-.75Q0-1.05.2-1.1", "#558b2f", 0.14);
    return shadow(200, 252, 120) + at(155, 160, 78, -10, cap) + at(250, 168, 78, 12, cap);
  },

  pumpkin: () =>
    shadow(200, 255, 140) +
    at(
      200,
      165,
      100,
      0,
      E(-0.55, 0, 0.55, 0.75, "#e65100") +
        E(0.55, 0, 0.55, 0.75, "#e65100") +
        E(-0.3, 0, 0.55, 0.8, "#f57c00") +
        E(0.3, 0, 0.55, 0.8, "#f57c00") +
        E(0, 0, 0.45, 0.82, "#fb8c00") +
        HL(-0.15, -0.45, 0.1, 0.25, 10, 0.35) +
        HL(-0.65, -0.25, 0.08, 0.2, 15, 0.3) +
        P("M-.08-.78L-.12-1.05Q0-1.12.12-1L.08-.78Z", BARK) +
        S("M.1-1Q.4-1.2.6-1.05Q.75-.9.6-.85", "#7cb342", 0.04) +
        leaf(-0.1, -0.85, 0.55, -150),
    ),

  "sweet-potato": () => {
    const tuber =
      shade(
        (c) => P("M-1 .05C-.8-.3-.3-.4.2-.38C.7-.35 1-.1 1 .05C1 .25.6.4.1.4C-.4.4-.8.3-1 .05Z", c),
        "#b5536b",
        "#7e2f45",
        0.6,
      ) +
      S("M1 .05L1.2 .1M-1 .05L-1.15 0", "#7e2f45", 0.04) +
      S("M-.5-.1H-.3M.2.1H.45M-.1-.25H.05", "#d48a9d", 0.03) +
      HL(-0.2, -0.25, 0.35, 0.05, 0, 0.3);
    return (
      shadow(200, 252, 135) +
      at(185, 135, 115, -10, tuber) +
      at(175, 195, 110, 5, tuber) +
      at(
        285,
        205,
        36,
        0,
        shade((c) => C(0, 0, 1, c), "#b5536b", "#7e2f45") +
          C(-0.04, -0.05, 0.86, "#f6e3b4") +
          C(-0.04, -0.05, 0.55, "#f9ebc8"),
      )
    );
  },

  "raw-banana": () =>
    shadow(200, 250, 125) +
    at(305, 118, 98, 0, bananaBunch("#7cb342", "#4e7d23", "#3e2723", "#6d8c3a")),

  ginger: () => {
    const lump = (x, y, rx, ry, r) =>
      G(
        `translate(${x} ${y}) rotate(${r})`,
        shade((c) => E(0, 0, rx, ry, c), "#d7b377", "#a67c3d", 0.5),
      );
    return (
      shadow(200, 245, 125) +
      at(
        200,
        165,
        120,
        -5,
        lump(0, 0, 0.85, 0.32, 0) +
          lump(-0.55, -0.3, 0.32, 0.2, -50) +
          lump(0.25, -0.35, 0.35, 0.18, 40) +
          lump(0.8, 0.15, 0.35, 0.2, 20) +
          lump(-0.9, 0.2, 0.3, 0.2, -20) +
          S("M-.4-.2V.2M.1-.25V.22M.5-.2V.18M-.6-.45L-.45-.2M.35-.5L.2-.25", "#a67c3d", 0.03) +
          E(-0.78, -0.5, 0.08, 0.1, "#f5e6a8", rot(-50, -0.78, -0.5)) +
          E(1.13, 0.28, 0.06, 0.12, "#f5e6a8", rot(20, 1.13, 0.28)) +
          HL(-0.1, -0.15, 0.45, 0.05, 0, 0.35),
      )
    );
  },

  garlic: () => {
    const bulb =
      shade(
        (c) =>
          P(
            "M0-1C.1-.8.2-.7.45-.55C.95-.3 1 .3.7.6C.45.85-.45.85-.7.6C-1 .3-.95-.3-.45-.55C-.2-.7-.1-.8 0-1Z",
            c,
          ),
        "#fafafa",
        "#d7ccc8",
      ) +
      S("M0-.9Q.15-.1 0 .78M0-.9Q-.6-.2-.35.75M0-.9Q.6-.2.35.75", "#d7ccc8", 0.04) +
      S("M-.6-.1Q-.5.3-.4.6M.6-.1Q.5.3.4.6", "#ce93d8", 0.05, op(0.45)) +
      S("M-.2.8L-.25.95M0 .82V1M.2.8L.25.95", "#bcaaa4", 0.04);
    const clove = shade(
      (c) => P("M-.5.4C-.6-.2-.2-.8 0-.9C.2-.7.6-.2.4.4Q0 .55-.5.4Z", c),
      "#fdfaf5",
      "#d7ccc8",
    );
    return (
      shadow(200, 252, 125) +
      at(165, 160, 78, -8, bulb) +
      at(250, 170, 70, 10, bulb) +
      at(118, 225, 26, -30, clove) +
      at(300, 228, 26, 30, clove)
    );
  },

  "green-chillies": () => {
    const chilli =
      shade(
        (c) => P("M-1-.08C-.4-.13.3-.1.72.1Q.92.24 1 .42Q.8.27.6.18C.2.03-.4.06-1 .08Z", c),
        "#43a047",
        "#1b5e20",
        0.15,
      ) +
      S("M-.92-.05Q0-.1.7.12", "#a5d6a7", 0.025) +
      P("M-1.1-.12Q-.95-.14-.9 0Q-.95.14-1.1.12Z", "#558b2f") +
      S("M-1.08 0Q-1.22-.02-1.28-.2", "#558b2f", 0.05);
    return (
      shadow(200, 252, 130) +
      [
        [205, 100, -8],
        [195, 128, -2],
        [210, 156, -6],
        [192, 184, 0],
        [205, 210, -4],
      ]
        .map(([x, y, r], i) => at(x, y, i % 2 ? 100 : 108, r, chilli))
        .join("")
    );
  },

  lemons: () =>
    shadow(200, 250, 125) +
    at(
      200,
      120,
      62,
      -15,
      shade((c) => P(lemonD, c), "#fdd835", "#f9a825") + HL(-0.4, -0.3, 0.25, 0.08),
    ) +
    leaf(180, 85, 55, -140) +
    at(
      140,
      190,
      60,
      10,
      shade((c) => P(lemonD, c), "#fdd835", "#f9a825") + HL(-0.4, -0.3, 0.25, 0.08),
    ) +
    at(262, 195, 52, 0, citrusHalf("#fdd835", "#fffde7", "#fff176", 8)),

  mushrooms: () => {
    const mush =
      shade((c) => P("M-.3 0L-.35.75Q0 .85.35.75L.3 0Z", c), "#f3ebdd", "#cdbfa6") +
      E(0, 0.02, 0.9, 0.12, "#d7c3a5") +
      shade((c) => P("M-1 0C-1-.6-.5-.9 0-.9C.5-.9 1-.6 1 0Q0 .18-1 0Z", c), "#f7f1e6", "#cdbfa6") +
      HL(-0.4, -0.55, 0.25, 0.1, -25, 0.6) +
      C(0.4, -0.45, 0.05, "#e0d2b8") +
      C(0.2, -0.65, 0.04, "#e0d2b8");
    return (
      shadow(200, 250, 125) +
      at(200, 150, 70, 0, mush) +
      at(135, 195, 60, -12, mush) +
      at(268, 198, 58, 12, mush)
    );
  },

  "ridge-gourd": () => {
    const g =
      shade(
        (c) =>
          P(
            "M-1 0C-1-.13-.8-.16-.5-.16L.7-.2C.95-.2 1-.08 1 0C1 .08.95.2.7.2L-.5.16C-.8.16-1 .13-1 0Z",
            c,
          ),
        "#558b2f",
        "#33691e",
        0.4,
      ) +
      S("M-.9-.08L.9-.12M-.92 0H.95M-.9.08L.9.12", "#2e5a16", 0.025) +
      S("M-.9-.04L.9-.06M-.9.04L.9.06", "#8bc34a", 0.02) +
      S("M-1 0H-1.15", "#7cb342", 0.05);
    return shadow(200, 252, 140) + at(195, 140, 140, -12, g) + at(205, 190, 140, -4, g);
  },

  "sweet-corn": () =>
    shadow(200, 252, 130) +
    defs(
      `<pattern id="ck" width=".14" height=".12" patternUnits="userSpaceOnUse">${R(0.01, 0.01, 0.12, 0.1, 0.04, "#ffe57f")}</pattern>`,
    ) +
    at(
      200,
      150,
      95,
      35,
      leaf(0, 0.7, 1.3, -115, "#8bc34a", "#558b2f", 0.7) +
        leaf(0, 0.7, 1.2, -65, "#7cb342", "#558b2f", 0.7) +
        shade((c) => E(0, 0, 0.38, 1, c), "#fbc02d", "#f9a825") +
        E(0, 0, 0.38, 1, "url(#ck)") +
        leaf(0, 0.95, 1.1, -100, "#aed581", "#7cb342", 0.6) +
        leaf(0, 0.95, 1.1, -78, "#9ccc65", "#7cb342", 0.6) +
        S("M0-.95Q-.1-1.2-.25-1.3M0-.95Q.05-1.2.15-1.32M0-.95Q.15-1.15.3-1.2", "#c8915a", 0.03) +
        S("M0 1V1.25", "#689f38", 0.1),
    ),

  "spring-onions": () =>
    shadow(200, 252, 140) +
    at(
      200,
      150,
      140,
      -20,
      [-0.12, -0.06, 0, 0.06, 0.12]
        .map(
          (y, i) =>
            S(`M-.55 ${y}L1 ${f(y * 2.5 + (i - 2) * 0.04)}`, i % 2 ? "#43a047" : "#66bb6a", 0.05) +
            S(`M-.55 ${y}L-.2 ${f(y * 1.2)}`, "#e8f5e9", 0.05) +
            shade((c) => E(-0.62, y, 0.1, 0.055, c), "#fafafa", "#d7ccc8", 0.2) +
            S(
              `M-.72 ${y}L-.85 ${f(y * 1.4 - 0.02)}M-.72 ${y}L-.84 ${f(y * 1.4 + 0.03)}`,
              "#d7ccc8",
              0.012,
            ),
        )
        .join("") + tie(0.05, 0, 0.32, 90),
    ),

  // ----- dairy -----

  "fresh-milk": () =>
    shadow(200, 252, 120) +
    at(
      165,
      150,
      100,
      0,
      shade(
        (c) =>
          P(
            "M-.25-1H.25V-.75C.25-.55.55-.45.55-.2V.95Q.55 1 .5 1H-.5Q-.55 1-.55.95V-.2C-.55-.45-.25-.55-.25-.75Z",
            c,
          ),
        "#fffdf7",
        "#e3dccb",
        0.5,
      ) +
        R(-0.29, -1.1, 0.58, 0.18, 0.05, LEAF_D) +
        R(-0.45, 0, 0.9, 0.5, 0.08, CREAM_2) +
        leaf(-0.2, 0.3, 0.45, -35, LEAF, LEAF_D) +
        S("M-.42-.15V.85", "#fff", 0.06, op(0.9)),
    ) +
    at(
      265,
      195,
      62,
      0,
      P("M-.48-.7H.48L.4.7Q.39.78.3.78H-.3Q-.39.78-.4.7Z", "#e6ecec") +
        P("M-.44-.4H.44L.37.66Q.36.72.28.72H-.28Q-.36.72-.37.66Z", "#fffdf7") +
        E(0, -0.4, 0.44, 0.08, "#f6f1e6") +
        S("M-.3-.55L-.24.55", "#fff", 0.05),
    ),

  paneer: () => {
    const cube = (t, l, r) =>
      P("M0-.5L.9-.1L0 .3L-.9-.1Z", t) +
      P("M-.9-.1L0 .3V.9L-.9.5Z", l) +
      P("M.9-.1L0 .3V.9L.9.5Z", r);
    return (
      shadow(200, 258, 150) +
      P("M60 205L200 140L340 205L200 270Z", "#d4a76a") +
      P("M60 205L200 270L340 205V215L200 280L60 215Z", "#a97c46") +
      at(
        195,
        170,
        95,
        0,
        cube("#fffef8", "#f3ead6", "#e4d6b8") +
          [
            [-0.3, -0.1],
            [0.2, -0.25],
            [0.35, 0],
            [-0.05, 0.05],
          ]
            .map(([x, y]) => C(x, y, 0.025, "#eadfc5"))
            .join(""),
      ) +
      at(290, 225, 24, 0, cube("#fffef8", "#f3ead6", "#e4d6b8")) +
      at(255, 238, 22, 0, cube("#fffef8", "#f3ead6", "#e4d6b8")) +
      leaf(105, 215, 38, -30) +
      leaf(105, 215, 34, 20, "#66bb6a")
    );
  },

  "desi-ghee": () =>
    shadow(200, 252, 115) +
    at(
      190,
      150,
      100,
      0,
      shade(
        (c) => P("M-.6-.6H.6Q.7-.6.7-.5V.85Q.7 1 .55 1H-.55Q-.7 1-.7.85V-.5Q-.7-.6-.6-.6Z", c),
        "#fff6dc",
        "#e8d9b0",
        0.4,
      ) +
        R(-0.64, -0.35, 1.28, 1.3, 0.1, "#f3bd3c") +
        E(0, -0.35, 0.64, 0.06, "#f9d46b") +
        [
          [-0.3, 0],
          [0.2, 0.25],
          [-0.1, 0.6],
          [0.35, -0.15],
          [0.4, 0.7],
          [-0.45, 0.45],
        ]
          .map(([x, y]) => C(x, y, 0.03, "#f9d46b"))
          .join("") +
        R(-0.7, 0.05, 1.4, 0.45, 0, CREAM_2) +
        leaf(-0.18, 0.35, 0.4, -35, LEAF, LEAF_D) +
        S("M.15.2H.5M.15.32H.42", "#c8a165", 0.04) +
        R(-0.66, -0.86, 1.32, 0.3, 0.06, "#c8913a") +
        S("M-.6-.76H.6M-.6-.66H.6", "#a8722a", 0.025) +
        S("M-.55-.45V-.05M-.55.6V.85", "#fff", 0.05, op(0.7)),
    ) +
    at(
      290,
      222,
      42,
      0,
      P("M-1-.2Q-.9.7 0 .75Q.9.7 1-.2Z", "#c8913a") +
        E(0, -0.2, 1, 0.22, "#a8722a") +
        E(0, -0.18, 0.85, 0.16, "#f3bd3c"),
    ),

  "white-butter": () =>
    shadow(200, 255, 125) +
    at(
      200,
      170,
      100,
      0,
      shade((c) => P("M-.9-.2C-.95.4-.6.85 0 .85C.6.85.95.4.9-.2Z", c), "#b5653a", "#7d3f1e") +
        S("M-.85.2Q0 .35.85.2", "#e0a36d", 0.05) +
        S("M-.8.3Q0 .45.8.3", "#e0a36d", 0.03) +
        E(0, -0.2, 0.98, 0.18, "#8d4a2b") +
        shade(
          (c) =>
            P(
              "M-.78-.2C-.85-.5-.55-.62-.4-.55C-.35-.85.05-.9.18-.68C.38-.85.78-.65.72-.35Q.8-.25.78-.2Q0-.1-.78-.2Z",
              c,
            ),
          "#fffaf0",
          "#efe3c8",
          0.5,
        ) +
        HL(-0.2, -0.62, 0.18, 0.06, -15, 0.8) +
        HL(-0.55, 0.15, 0.06, 0.22, 15, 0.25),
    ) +
    S("M265 70Q250 110 240 150", "#a97c46", 10) +
    E(269, 60, 12, 20, "#a97c46", rot(20, 269, 60)),

  // ----- herbs -----

  mint: () => {
    const ml = (fill) =>
      P("M0 0C.15-.38.6-.48 1 0C.6.48.15.38 0 0Z", fill) +
      S("M.05 0H.9M.3 0L.45-.18M.3 0L.45.18M.55 0L.7-.15M.55 0L.7.15", "#1b5e20", 0.03, op(0.6));
    const sprig = (a, b) =>
      S("M0 1Q.05 0 0-1.05", "#558b2f", 0.05) +
      [
        [0.55, 0.55],
        [0.15, 0.5],
        [-0.25, 0.45],
        [-0.6, 0.35],
      ]
        .map(([y, s], i) => uat(0, y, s, -25 - i * 5, a) + uat(0, y, s, -155 + i * 5, b))
        .join("") +
      uat(0, -0.9, 0.3, -70, a) +
      uat(0, -0.9, 0.3, -110, b);
    return (
      shadow(200, 252, 110) +
      defs(
        [
          ["#43a047", "m1"],
          ["#388e3c", "m2"],
          ["#66bb6a", "m3"],
          ["#4caf50", "m4"],
        ]
          .map(([c, id]) => `<g id="${id}">${ml(c)}</g>`)
          .join(""),
      ) +
      `<g id="ms">${sprig("m1", "m2")}</g>` +
      uat(150, 150, 90, -25, "ms") +
      uat(250, 150, 90, 25, "ms") +
      at(200, 140, 100, 0, sprig("m3", "m4")) +
      tie(200, 225, 40, 0)
    );
  },

  coriander: () => {
    const stems = [
      [-150, 1],
      [-130, 1.1],
      [-110, 1.2],
      [-90, 1.25],
      [-70, 1.2],
      [-50, 1.1],
      [-30, 1],
    ];
    return (
      shadow(200, 252, 120) +
      defs(
        `<g id="co">${P("M0 0C-.3-.2-.35-.6-.1-.7C-.05-.95.3-.95.35-.7C.6-.65.65-.3.4-.15C.3 0 .1.05 0 0Z", "#43a047")}${S("M0 0L.12-.45M0 0L.3-.35M0 0L-.05-.45", "#2e7d32", 0.03)}</g>`,
      ) +
      at(
        200,
        240,
        110,
        0,
        stems
          .map(([r, l], i) => {
            const [x, y] = polar(l, r);
            const [mx, my] = polar(l * 0.6, r + (i % 2 ? 8 : -8));
            return (
              S(`M0 0Q${f(mx)} ${f(my)} ${f(x)} ${f(y)}`, "#7cb342", 0.025) +
              at(x, y, 0.35, r + 90, use("co")) +
              at(x * 0.85, y * 0.85, 0.28, r + 40, use("co")) +
              at(x * 0.8, y * 0.8, 0.28, r + 140, use("co"))
            );
          })
          .join(""),
      ) +
      tie(200, 235, 40, 0)
    );
  },

  "curry-leaves": () => {
    const cl = (fill) => P(leafD(0.6), fill) + S("M.05 0H.9", "#a5d6a7", 0.025, op(0.7));
    const sprig =
      S("M0 0H1.9", "#6d8c3a", 0.03) +
      [0.25, 0.5, 0.75, 1, 1.25, 1.5]
        .map(
          (x, i) =>
            uat(x, 0, 0.45 - i * 0.02, -50, i % 2 ? "c2" : "c1") +
            uat(x + 0.08, 0, 0.45 - i * 0.02, 50, i % 2 ? "c1" : "c2"),
        )
        .join("") +
      uat(1.85, 0, 0.4, 0, "c2");
    return (
      shadow(200, 250, 125) +
      defs(
        `<g id="c1">${cl("#1b5e20")}</g><g id="c2">${cl("#2e7d32")}</g><g id="cy">${sprig}</g>`,
      ) +
      uat(90, 185, 110, -20, "cy") +
      uat(110, 225, 105, -5, "cy")
    );
  },

  tulsi: () => {
    const tl = (fill) =>
      P("M0 0C.2-.35.65-.4 1 0C.65.4.2.35 0 0Z", fill) + S("M.05 0H.85", "#33691e", 0.03, op(0.6));
    const spike = [0, 1, 2, 3, 4]
      .map((i) => E(0, -1.05 - i * 0.12, 0.07 - i * 0.008, 0.05, i % 2 ? "#8e5a9e" : "#6d3f7d"))
      .join("");
    const sprig =
      S("M0 1V-1.1", "#6d4c41", 0.05) +
      [
        [0.5, 0.5],
        [0.05, 0.45],
        [-0.4, 0.4],
        [-0.75, 0.32],
      ]
        .map(([y, s]) => uat(0, y, s, -25, "t1") + uat(0, y, s, -155, "t2"))
        .join("") +
      spike;
    return (
      shadow(200, 252, 110) +
      defs(
        `<g id="t1">${tl("#689f38")}</g><g id="t2">${tl("#558b2f")}</g><g id="ts">${sprig}</g>`,
      ) +
      uat(155, 150, 85, -22, "ts") +
      uat(245, 150, 85, 22, "ts") +
      uat(200, 140, 95, 0, "ts") +
      tie(200, 228, 40, 0)
    );
  },

  lemongrass: () =>
    shadow(200, 252, 145) +
    at(
      205,
      165,
      120,
      -22,
      [
        [-0.18, -14, "#9ccc65"],
        [-0.12, -7, "#7cb342"],
        [-0.06, -2, "#8bc34a"],
        [0, 4, "#689f38"],
        [0.06, 9, "#9ccc65"],
        [0.12, 15, "#7cb342"],
      ]
        .map(([y, r, c]) => at(-0.1, y, 1, r, leaf(0, 0, 1.35, 0, c, null, 0.14)))
        .join("") +
        [-0.15, -0.09, -0.03, 0.03, 0.09, 0.15]
          .map(
            (y) =>
              S(`M-1.05 ${y}H0`, "#dfe8a8", 0.075) +
              S(`M-1.05 ${f(y - 0.015)}H-.05`, "#f9fbe7", 0.02) +
              E(-1.05, y, 0.012, 0.035, "#c5d36b"),
          )
          .join("") +
        tie(-0.55, 0, 0.42, 90),
    ),
};

// ---------------------------------------------------------------------------------------------
// File builders.
// ---------------------------------------------------------------------------------------------

const svg = (w, h, body, extra = "") =>
  `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${w} ${h}"${extra}>${body}</svg>\n`;

const productSvg = (id) =>
  svg(
    400,
    300,
    R(0, 0, 400, 300, 0, CREAM).replace(' x="0" y="0"', "") +
      C(200, 150, 128, CREAM_2) +
      leaf(22, 42, 34, -35, LEAF_L, null) +
      leaf(378, 260, 34, 145, LEAF_L, null) +
      products[id](),
  );

// ---------------------------------------------------------------------------------------------
// Category art (600 x 400): a basket or board of the category's produce.
// ---------------------------------------------------------------------------------------------

/** Draws a product's 400 x 300 drawing with its centre (200, 170) at (x, y), scaled by k. */
const place = (id, x, y, k) => {
  shadows = false;
  const body = products[id]();
  shadows = true;
  return G(`translate(${f(x - 200 * k)} ${f(y - 170 * k)}) scale(${k})`, body);
};

const categoryFrame = (body) =>
  svg(
    600,
    400,
    `<rect width="600" height="400" fill="${CREAM}"/>` +
      E(300, 210, 250, 185, CREAM_2) +
      leaf(40, 60, 48, -35, LEAF_L, null) +
      leaf(560, 350, 48, 145, LEAF_L, null) +
      leaf(555, 52, 36, -150, LEAF_L, null) +
      body,
  );

/** A wicker basket; `contents` is drawn between its back rim and its front. */
const basket = (contents) =>
  defs(
    `<pattern id="wv" width="44" height="26" patternUnits="userSpaceOnUse">${R(0, 0, 44, 26, 0, "#a86b36")}${R(2, 2, 18, 9, 4, "#c48a4f")}${R(24, 2, 18, 9, 4, "#b97c42")}${R(-9, 15, 18, 9, 4, "#b97c42")}${R(13, 15, 18, 9, 4, "#c48a4f")}${R(35, 15, 18, 9, 4, "#b97c42")}</pattern>`,
  ) +
  E(300, 372, 215, 16, "#5d4037", op(0.18)) +
  S("M130 236C150 70 450 70 470 236", "#8d5a2b", 14) +
  S("M130 236C150 70 450 70 470 236", "#b97c42", 5) +
  E(300, 236, 200, 42, "#6b4220") +
  contents +
  P("M100 236A200 42 0 0 0 500 236L470 345Q465 368 438 368H162Q135 368 130 345Z", "url(#wv)") +
  P(
    "M100 236A200 42 0 0 0 500 236L470 345Q465 368 438 368H162Q135 368 130 345Z",
    "#3e2723",
    op(0.12),
  ) +
  S("M100 236A200 42 0 0 0 500 236", "#8d5a2b", 16) +
  S("M104 232A198 40 0 0 0 496 232", "#c48a4f", 4);

const categories = {
  fruits: () =>
    basket(
      place("pineapple", 300, 185, 0.85) +
        place("green-grapes", 180, 180, 0.7) +
        place("bananas", 420, 200, 0.72) +
        place("kashmir-apples", 215, 232, 0.6) +
        place("oranges", 360, 236, 0.58) +
        place("mangoes", 290, 250, 0.5),
    ),
  vegetables: () =>
    basket(
      place("cabbage", 215, 200, 0.7) +
        place("carrots", 380, 175, 0.75) +
        place("brinjal", 300, 200, 0.65) +
        place("capsicum", 420, 235, 0.5) +
        place("tomatoes", 200, 240, 0.55) +
        place("cauliflower", 310, 245, 0.5),
    ),
  dairy: () =>
    P("M40 300H560L590 380H10Z", "#c8a165") +
    R(10, 380, 580, 20, 0, "#a97c46") +
    S("M30 330H570M20 355H580", "#b58b55", 2) +
    place("fresh-milk", 170, 195, 0.9) +
    place("desi-ghee", 380, 205, 0.85) +
    place("paneer", 200, 300, 0.55) +
    place("white-butter", 440, 300, 0.55),
  default: () =>
    basket(
      place("lemongrass", 420, 180, 0.7) +
        place("spinach", 190, 200, 0.75) +
        place("tulsi", 300, 175, 0.65) +
        place("coriander", 250, 230, 0.6) +
        place("mint", 375, 230, 0.6) +
        place("curry-leaves", 320, 265, 0.5),
    ),
};

// ---------------------------------------------------------------------------------------------
// Hero scenes (1600 x 900), mid-to-dark so white headline text reads on top.
// ---------------------------------------------------------------------------------------------

const heroSvg = (body) => svg(1600, 900, body, ' preserveAspectRatio="xMidYMid slice"');
const grad = (id, stops, x2 = 0, y2 = 1) =>
  `<linearGradient id="${id}" x1="0" y1="0" x2="${x2}" y2="${y2}">${stops.map(([o, c]) => `<stop offset="${o}" stop-color="${c}"/>`).join("")}</linearGradient>`;
/** Coconut palm silhouette rooted at (x, y). */
const palm = (x, y, h, lean, color) => {
  const tx = x + lean;
  const ty = y - h;
  let fronds = "";
  for (const a of [-170, -140, -110, -75, -40, -10, 20, 160])
    fronds += leaf(tx, ty, h * 0.45, a, color, null, 0.35);
  return (
    S(`M${x} ${y}Q${x + lean * 0.2} ${y - h * 0.6} ${tx} ${ty}`, color, h * 0.05) +
    fronds +
    C(tx, ty + 4, h * 0.03, color)
  );
};
/** Round-canopy tree (mango / orchard) rooted at (x, y). */
const tree = (x, y, s, dark, mid, fruit) =>
  at(
    x,
    y,
    s,
    0,
    R(-0.08, -0.7, 0.16, 0.72, 0.04, "#3e2a1e") +
      C(-0.45, -1.05, 0.5, dark) +
      C(0.45, -1.05, 0.5, dark) +
      C(0, -1.45, 0.55, dark) +
      C(-0.2, -1.25, 0.45, mid) +
      C(0.3, -1.35, 0.4, mid) +
      (fruit
        ? [
            [-0.5, -0.9],
            [0.2, -1.0],
            [0.55, -1.2],
            [-0.15, -1.55],
            [0.4, -0.8],
            [-0.6, -1.3],
          ]
            .map(([fx, fy]) => C(fx, fy, 0.07, fruit))
            .join("")
        : ""),
  );

const heroes = {
  // Sunrise over green farm fields, coconut palms on the horizon.
  "hero-1": () => {
    let rows = "";
    for (let i = -12; i <= 12; i++) {
      const x0 = 800 + i * 150;
      rows += P(`M800 520L${x0 - 40} 900H${x0 + 40}Z`, i % 2 ? "#2e5a27" : "#3a6e30");
    }
    let plants = "";
    for (let r = 2; r < 9; r++) {
      const t = ((r + 1) / 9) ** 2;
      const y = 520 + 380 * t;
      for (let i = -12; i <= 12; i++) {
        const x = 800 + (i * 150 + 75) * t;
        if (x > -40 && x < 1640)
          plants += `<use href="#pl" transform="${tr(x, y, f(0.4 + 1.6 * t))}"/>`;
      }
    }
    return heroSvg(
      defs(
        grad("sky", [
          [0, "#2b2340"],
          [0.45, "#7a3f4a"],
          [0.8, "#d0703e"],
          [1, "#f0a85a"],
        ]) +
          grad("fld", [
            [0, "#35612c"],
            [1, "#1b3518"],
          ]) +
          `<radialGradient id="sun"><stop offset="0" stop-color="#ffe3a0"/><stop offset=".35" stop-color="#ffc46b" stop-opacity=".7"/><stop offset="1" stop-color="#f0a85a" stop-opacity="0"/></radialGradient>` +
          `<g id="pl">${E(0, 0, 9, 5, "#4c8a3a")}${E(-5, -4, 7, 3, "#5a9a45")}</g>`,
      ) +
        R(0, 0, 1600, 560, 0, "url(#sky)") +
        C(1130, 470, 260, "url(#sun)") +
        C(1130, 480, 78, "#ffd98a") +
        P("M0 470Q200 400 420 450T860 440T1300 430T1600 450V560H0Z", "#4a4a3a", op(0.8)) +
        P("M0 500Q260 455 520 490T1040 480T1600 490V560H0Z", "#33452b") +
        palm(180, 520, 190, 30, "#1f2a1a") +
        palm(250, 525, 150, -25, "#1f2a1a") +
        palm(1380, 515, 210, -35, "#1f2a1a") +
        palm(1470, 522, 160, 20, "#1f2a1a") +
        P("M560 520V488L590 468L620 488V520Z", "#2a2a22") +
        P("M548 492L590 456L632 492Z", "#3a2d22") +
        R(0, 515, 1600, 385, 0, "url(#fld)") +
        rows +
        plants +
        S("M960 160l18 12 18-12M1010 200l14 9 14-9M900 215l12 8 12-8", "#2b2340", 4) +
        R(0, 0, 1600, 900, 0, "#1a1410", op(0.15)),
    );
  },

  // A market stall with crates of produce under a striped awning.
  "hero-2": () => {
    let awning = "";
    for (let i = 0; i < 16; i++) {
      const x = i * 100;
      awning +=
        R(x, 0, 100, 150, 0, i % 2 ? "#f6efe0" : "#2f7d32") +
        C(x + 50, 150, 50, i % 2 ? "#f6efe0" : "#2f7d32");
    }
    const crate = (x, y, w, id, cols, rows, dx, dy) => {
      let items = "";
      for (let r = rows - 1; r >= 0; r--)
        for (let c = 0; c < cols - r; c++)
          items += use(id, x + 30 + c * dx + r * (dx / 2), y + 8 - r * dy * 0.6);
      return (
        items +
        R(x, y, w, 150, 6, "#a0693a") +
        S(`M${x} ${y + 50}H${x + w}M${x} ${y + 100}H${x + w}`, "#6d4526", 6) +
        R(x, y, w, 150, 6, "#000", op(0.1)) +
        R(x + 8, y + 8, w - 16, 12, 4, "#c48a4f", op(0.6))
      );
    };
    let bunting = "";
    for (let i = 0; i < 20; i++)
      bunting += P(
        `M${i * 80} 215L${i * 80 + 80} 215L${i * 80 + 40} 265Z`,
        ["#ef6c00", "#fdd835", "#e53935", "#8bc34a"][i % 4],
        op(0.85),
      );
    return heroSvg(
      defs(
        grad("wall", [
          [0, "#2a1d16"],
          [1, "#4a3020"],
        ]) +
          `<g id="to">${C(0, 0, 26, "#c62828")}${C(-8, -8, 7, "#fff", op(0.3))}${P(star(5, 10, 3), "#2e7d32", ' transform="translate(0 -22)"')}</g>` +
          `<g id="or">${C(0, 0, 26, "#ef6c00")}${C(-8, -8, 7, "#fff", op(0.3))}</g>` +
          `<g id="ap">${C(0, 0, 26, "#b71c1c")}${C(-8, -8, 7, "#fff", op(0.3))}${S("M0-22L4-34", "#4e342e", 4)}</g>` +
          `<g id="ca">${R(-24, -24, 48, 48, 18, "#2e7d32")}${R(-16, -16, 12, 24, 6, "#fff", op(0.2))}</g>` +
          `<g id="br">${E(0, 0, 34, 18, "#4a148c", rot(-20))}${E(-24, 10, 10, 8, "#558b2f")}</g>` +
          `<g id="ba">${P("M-40 0Q0 40 40-6Q0 18-40 0Z", "#fbc02d")}${P("M-40-14Q0 26 40-20Q0 4-40-14Z", "#fdd835")}</g>` +
          `<g id="lv">${leaf(0, 10, 48, -120, "#388e3c", "#1b5e20")}${leaf(0, 10, 48, -60, "#43a047", "#1b5e20")}${leaf(0, 10, 44, -90, "#2e7d32", "#1b5e20")}</g>`,
      ) +
        R(0, 0, 1600, 900, 0, "url(#wall)") +
        S("M0 330H1600M0 470H1600", "#3a2a1e", 6) +
        awning +
        R(0, 0, 1600, 150, 0, "#000", op(0.15)) +
        S("M0 215Q800 260 1600 215", "#d7ccc8", 3) +
        bunting +
        R(0, 690, 1600, 210, 0, "#5a3720") +
        S("M0 740H1600M0 800H1600M0 860H1600", "#4a2c18", 4) +
        crate(40, 560, 260, "to", 5, 3, 50, 40) +
        crate(320, 560, 260, "lv", 5, 2, 50, 45) +
        crate(600, 560, 260, "or", 5, 3, 50, 40) +
        crate(880, 560, 260, "br", 4, 3, 60, 40) +
        crate(1160, 560, 260, "ba", 3, 3, 80, 36) +
        crate(1440, 560, 260, "ca", 5, 3, 50, 40) +
        crate(180, 720, 280, "ap", 5, 3, 52, 40) +
        crate(1150, 720, 280, "or", 5, 3, 52, 40) +
        R(0, 0, 1600, 900, 0, "#120c08", op(0.2)),
    );
  },

  // A mango orchard at golden hour with a delivery basket in the foreground.
  "hero-3": () => {
    let trees = "";
    for (const [y, s, n, dark, mid, fruit] of [
      [455, 42, 16, "#3a5634", "#44633b", ""],
      [520, 75, 10, "#2b4d28", "#35602f", "#e0962a"],
      [640, 120, 6, "#1f4420", "#2a5c27", "#f5a623"],
    ])
      for (let i = 0; i < n; i++)
        trees += tree(
          (1600 / n) * (i + 0.5) + (i % 2 ? 25 : -25) + (n % 4) * 30,
          y + (i % 3) * 8,
          s * (1 + (i % 3) * 0.08),
          dark,
          mid,
          fruit,
        );
    return heroSvg(
      defs(
        grad("sk3", [
          [0, "#1f3b4a"],
          [0.6, "#6f7f55"],
          [1, "#d9a45a"],
        ]) +
          grad("gr3", [
            [0, "#3c6a2e"],
            [1, "#1c3617"],
          ]),
      ) +
        R(0, 0, 1600, 520, 0, "url(#sk3)") +
        C(430, 300, 140, "#ffd98a", op(0.12)) +
        C(430, 300, 56, "#ffd98a", op(0.85)) +
        P("M0 430Q300 380 640 420T1300 400T1600 420V520H0Z", "#4c6a3e") +
        R(0, 460, 1600, 440, 0, "url(#gr3)") +
        trees +
        P("M640 900C720 760 830 680 895 600C890 690 930 790 1010 900Z", "#7a5a38", op(0.6)) +
        E(1250, 860, 260, 30, "#000", op(0.25)) +
        at(
          1250,
          735,
          1,
          0,
          S("M-190 0C-170-170 170-170 190 0", "#6b4220", 16) +
            E(0, 0, 200, 42, "#4e2f16") +
            C(-120, -30, 42, "#c62828") +
            C(-60, -45, 40, "#ef6c00") +
            C(10, -40, 42, "#fbc02d") +
            C(80, -35, 40, "#8bc34a") +
            C(140, -25, 36, "#c62828") +
            C(-90, -5, 38, "#f57c00") +
            C(-20, 0, 40, "#b71c1c") +
            C(50, -5, 38, "#ffb300") +
            C(115, 0, 36, "#689f38") +
            leaf(-40, -50, 90, -120, "#388e3c", "#1b5e20") +
            leaf(40, -50, 80, -60, "#43a047", "#1b5e20") +
            P(
              "M-200 0A200 42 0 0 0 200 0L170 110Q165 130 140 130H-140Q-165 130-170 110Z",
              "#8d5a2b",
            ) +
            S("M-185 40H185M-178 80H178", "#6b4220", 8) +
            S("M-120 10V128M-40 20V130M40 20V130M120 10V128", "#6b4220", 6) +
            R(-45, 62, 90, 44, 8, "#2f7d32") +
            leaf(-16, 92, 34, -40, "#a5d6a7", null) +
            S("M-200 0A200 42 0 0 0 200 0", "#6b4220", 14),
        ) +
        R(0, 0, 1600, 900, 0, "#0f120c", op(0.18)),
    );
  },
};

// ---------------------------------------------------------------------------------------------
// Favicon and team portraits.
// ---------------------------------------------------------------------------------------------

const favicon = () =>
  svg(
    64,
    64,
    C(32, 32, 30, LEAF_D) +
      P("M18 46C14 30 26 16 48 16C50 36 38 50 18 46Z", "#fff") +
      S("M20 44L40 24", LEAF_D, 2.5) +
      S("M28 36L28 28M34 30L38 31", LEAF_D, 2),
  );

const avatar = ({ bg, skin, skinShade, hairBack = "", hairFront, outfit, extras = "" }) =>
  svg(
    200,
    200,
    `<clipPath id="av">${C(100, 100, 100, "#000")}</clipPath><g clip-path="url(#av)">` +
      R(0, 0, 200, 200, 0, bg) +
      C(100, 100, 80, "#fff", op(0.15)) +
      hairBack +
      R(86, 112, 28, 34, 10, skinShade) +
      outfit +
      C(64, 92, 9, skinShade) +
      C(136, 92, 9, skinShade) +
      E(100, 88, 36, 42, skin) +
      E(86, 92, 3.5, 4, "#2b1d14") +
      E(114, 92, 3.5, 4, "#2b1d14") +
      S("M79 82Q86 78 93 81M107 81Q114 78 121 82", "#3b2a20", 2.5) +
      S("M100 95Q97 104 101 106", skinShade, 2.5) +
      S("M89 113Q100 121 111 113", "#7a3b2e", 3) +
      C(78, 104, 6, "#e57373", op(0.25)) +
      C(122, 104, 6, "#e57373", op(0.25)) +
      hairFront +
      extras +
      "</g>",
  );

const team = {
  "ananya-mishra": () =>
    avatar({
      bg: "#a5d6a7",
      skin: "#d8a07a",
      skinShade: "#bb835d",
      hairBack: P("M58 90C52 40 148 40 142 90L150 170H50Z", "#1f1a17"),
      hairFront: P(
        "M62 86C60 48 100 38 124 50C138 58 142 72 139 88C128 70 110 62 92 60C82 68 72 78 62 86Z",
        "#1f1a17",
      ),
      outfit:
        P("M28 200C30 160 62 140 100 140C138 140 170 160 172 200Z", "#e0a030") +
        P("M86 140L100 162L114 140Z", "#bb835d") +
        S("M86 140L100 162L114 140", "#b5651d", 3) +
        S("M60 160L70 200M140 160L130 200", "#b5651d", 3, op(0.6)),
      extras: C(100, 74, 3, "#c62828") + C(62, 104, 3.5, "#f2c14e") + C(138, 104, 3.5, "#f2c14e"),
    }),
  "rahul-pattnaik": () =>
    avatar({
      bg: "#f6d8a8",
      skin: "#9c6644",
      skinShade: "#7f4f32",
      hairFront: P(
        "M64 84C60 52 80 40 102 40C126 40 142 54 137 84C132 68 120 60 100 60C84 60 70 68 64 84Z",
        "#1c1410",
      ),
      outfit:
        P("M28 200C30 160 62 140 100 140C138 140 170 160 172 200Z", LEAF_D) +
        P("M84 140L100 160L92 168L78 146ZM116 140L100 160L108 168L122 146Z", "#fdf8ef") +
        S("M100 160V200", "#1b5e20", 2) +
        C(100, 176, 2.5, "#fdf8ef") +
        C(100, 190, 2.5, "#fdf8ef"),
      extras:
        P(
          "M66 96C66 128 84 132 100 132C116 132 134 128 134 96C128 112 120 120 100 120C80 120 72 112 66 96Z",
          "#1c1410",
          op(0.9),
        ) +
        P("M88 116Q100 110 112 116Q100 124 88 116Z", "#1c1410") +
        C(86, 92, 11, "none", ' stroke="#2b2b2b" stroke-width="3"') +
        C(114, 92, 11, "none", ' stroke="#2b2b2b" stroke-width="3"') +
        S("M97 92H103", "#2b2b2b", 3),
    }),
  "sunita-das": () =>
    avatar({
      bg: "#ffe0b2",
      skin: "#8a5636",
      skinShade: "#6e4228",
      hairBack: C(100, 46, 18, "#5f5a56"),
      hairFront:
        P(
          "M63 88C58 52 80 42 100 42C122 42 142 52 137 88C130 66 116 58 100 58C84 58 70 66 63 88Z",
          "#5f5a56",
        ) +
        S("M100 44V58M84 50Q90 54 92 60M116 50Q110 54 108 60", "#9e9893", 2.5) +
        S("M100 44V58", "#fdf8ef", 1.5, op(0.7)),
      outfit:
        P("M28 200C30 160 62 140 100 140C138 140 170 160 172 200Z", "#8e2448") +
        P("M120 142C150 150 168 170 172 200H120L96 146Z", "#b83a65") +
        S("M96 146L120 200M124 144C150 154 166 172 170 200", "#f2c14e", 4) +
        P("M86 140Q100 152 114 140", "#6e4228"),
      extras: C(100, 74, 3.5, "#c62828") + C(63, 104, 3, "#f2c14e") + C(137, 104, 3, "#f2c14e"),
    }),
};

const written = [];
const write = (rel, content) => {
  const file = join(outDir, rel);
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, content);
  written.push([rel, Buffer.byteLength(content)]);
};

// Every seeded product must have a drawing (ids are read from the seed file's source).
const seedSource = readFileSync(join(root, "src/server/db/seed/catalogue-data.ts"), "utf8");
const seedIds = [...seedSource.matchAll(/^\s*id: "([a-z0-9-]+)",$/gm)]
  .map((m) => m[1])
  .filter((id) => !["fruits", "vegetables", "dairy", "herbs"].includes(id));
const missing = seedIds.filter((id) => !products[id]);
if (missing.length) throw new Error(`No drawing for product ids: ${missing.join(", ")}`);

for (const id of Object.keys(products)) write(`products/${id}.svg`, productSvg(id));
for (const [id, draw] of Object.entries(categories))
  write(`categories/${id}.svg`, categoryFrame(draw()));
for (const [id, draw] of Object.entries(heroes)) write(`hero/${id}.svg`, draw());
for (const [slug, draw] of Object.entries(team)) write(`team/${slug}.svg`, draw());
write("favicon.svg", favicon());

console.log(`Wrote ${written.length} files, ${written.reduce((n, [, b]) => n + b, 0)} bytes.`);
for (const [rel, b] of written) {
  const limit = rel.startsWith("products/") ? 4096 : 25600;
  if (b > limit) console.log(`  over ${limit} bytes: ${rel} (${b})`);
}
