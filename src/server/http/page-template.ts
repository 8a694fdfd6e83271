import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { LANGUAGE_FONTS_FILE, type LanguageFontHeads } from "../../shared/i18n/fonts.ts";

type ClientManifest = Record<string, { file: string; imports?: string[]; isEntry?: boolean }>;

const RELATIVE_URL = /url\(\s*["']?(?!\/|data:|https?:|#)/i;
const STYLESHEET_LINK = /<link rel="stylesheet"[^>]*href="\/(assets\/[^"]+\.css)"[^>]*>/g;

/**
 * The web build's `index.html` with its stylesheets written into the page. On a phone over 4G a
 * stylesheet is one more round trip before anything shows; inside the page, the first paint needs
 * only the HTML, and the scripts arrive after it instead of racing the stylesheet. The bytes are
 * sent again with each page the browser loads (navigation inside the store loads none), which
 * costs less than the wait. The content security policy allows inline styles already.
 */
export function readPageTemplate(distDir: string): string {
  const template = readFileSync(path.join(distDir, "index.html"), "utf8");
  return template.replace(STYLESHEET_LINK, (link, file: string) => {
    const stylesheet = path.join(distDir, file);
    if (!existsSync(stylesheet)) return link;
    const css = readFileSync(stylesheet, "utf8");
    // A stylesheet that spells the closing tag would end the element early, and one with a
    // relative url() would resolve it against the page: either stays a link.
    const unsafe = /<\/style/i.test(css) || RELATIVE_URL.test(css);
    return unsafe ? link : `<style>${css}</style>`;
  });
}

/** Each language's font faces as the build wrote them; none from a build without them. */
export function readLanguageFonts(distDir: string): LanguageFontHeads {
  const file = path.join(distDir, LANGUAGE_FONTS_FILE);
  if (!existsSync(file)) return { pages: {}, names: "" };
  return JSON.parse(readFileSync(file, "utf8")) as LanguageFontHeads;
}

const HEAD_SCRIPT =
  /\s*<script type="module"[^>]*\ssrc="([^"]+)"[^>]*><\/script>|\s*<link rel="modulepreload"[^>]*\shref="([^"]+)"[^>]*>/g;

/**
 * The template without the scripts the build put in its head, and those scripts' addresses (the
 * entry first): a page drawn on the server asks for them after its first paint (page-scripts.ts).
 */
export function takeHeadScripts(template: string): { template: string; scripts: string[] } {
  const entries: string[] = [];
  const preloads: string[] = [];
  const rest = template.replace(HEAD_SCRIPT, (_tag, entry?: string, preload?: string) => {
    if (entry) entries.push(entry);
    if (preload) preloads.push(preload);
    return "";
  });
  // Only a build with one entry script is understood; anything else keeps its scripts.
  if (entries.length !== 1) return { template, scripts: [] };
  return { template: rest, scripts: [...entries, ...preloads] };
}

/**
 * The addresses of a page's chunks, less those the template already loads: made once from the
 * build's manifest, then asked per page. `fileOf` is a module's own chunk.
 */
export function chunkFiles(manifestFile: string): {
  chunks: (modules: string[]) => string[];
  fileOf: (module: string) => string | undefined;
} {
  const manifest = JSON.parse(readFileSync(manifestFile, "utf8")) as ClientManifest;
  const visit = (key: string, into: Set<string>) => {
    const chunk = manifest[key];
    if (!chunk || into.has(chunk.file)) return;
    into.add(chunk.file);
    for (const imported of chunk.imports ?? []) visit(imported, into);
  };
  const inTemplate = new Set<string>();
  for (const [key, chunk] of Object.entries(manifest)) if (chunk.isEntry) visit(key, inTemplate);
  return {
    chunks: (modules) => {
      const files = new Set<string>();
      for (const module of modules) visit(module, files);
      return [...files].filter((file) => !inTemplate.has(file)).map((file) => `/${file}`);
    },
    fileOf: (module) => {
      const chunk = manifest[module];
      return chunk && `/${chunk.file}`;
    },
  };
}
