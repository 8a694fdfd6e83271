// The store's message catalogues as Lingui's API reads them (decision 56): extracted into PO files
// per area, and compiled into the modules the storefront and the server import.
import { writeFile } from "node:fs/promises";
import path from "node:path";
import { createCompiledCatalog, getCatalogs } from "@lingui/cli/api";
import { getConfig, type LinguiConfigNormalized } from "@lingui/conf";
import { SERVER_AREA } from "./areas.ts";

/** One area's catalogue in every language, as Lingui reads it. */
export type Catalog = Awaited<ReturnType<typeof getCatalogs>>[number];

const root = path.resolve(import.meta.dirname, "../..");

export async function storeCatalogues(): Promise<{
  config: LinguiConfigNormalized;
  catalogues: Catalog[];
}> {
  const config = getConfig({ cwd: root, configPath: path.join(root, "lingui.config.ts") });
  return { config, catalogues: await getCatalogs(config) };
}

/** An area's name: the catalogue file's own ("shell"). */
export const areaOf = (catalogue: Catalog) => path.basename(catalogue.path);

export const compiledFile = (catalogue: Catalog, locale: string) =>
  `${catalogue.getFilename(locale).replace(/\.po$/, "")}.ts`;

const HEADER = "// Made by `npm run messages` from the PO file beside it: edit that, not this.\n";

/**
 * The module compiled from one catalogue: every text for Odia and Hindi (an untranslated one
 * from its English), and for English only the texts with values or plurals, since a plain text's
 * key is already what English shows. Also what fell back to English.
 */
export async function compileCatalogue(
  config: LinguiConfigNormalized,
  catalogue: Catalog,
  locale: string,
): Promise<{ source: string; fellBack: string[]; errors: string[] }> {
  const { messages } = await catalogue.getTranslations(locale, {
    sourceLocale: config.sourceLocale ?? "en",
    fallbackLocales: config.fallbackLocales || {},
  });
  const kept =
    locale === config.sourceLocale
      ? Object.fromEntries(
          Object.entries(messages).filter(([, text]) => /[{}'#]/.test(String(text))),
        )
      : messages;
  const { source, errors } = createCompiledCatalog(locale, kept, { namespace: "ts" });
  return {
    source: HEADER + source,
    // Counted in the PO file itself: Lingui's own "missing" takes the English PO's words as a
    // translation, so by its count nothing would ever fall back.
    fellBack:
      locale === config.sourceLocale
        ? []
        : Object.entries((await catalogue.read(locale)) as Record<string, PoEntry>)
            .filter(([, entry]) => !entry.obsolete && !entry.translation)
            .map(([id]) => id)
            .sort(),
    errors: errors.map((error) => `${error.id}: ${error.error.message}`),
  };
}

type PoEntry = { translation?: string; obsolete?: boolean; comments?: string[] };

/** Each text's translation in `locale` across the page areas, to fill the server's repeats. */
async function pageTranslations(catalogues: Catalog[], locale: string) {
  const found = new Map<string, string>();
  for (const catalogue of catalogues) {
    if (areaOf(catalogue) === SERVER_AREA) continue;
    for (const [id, entry] of Object.entries(
      (await catalogue.read(locale)) as Record<string, PoEntry>,
    )) {
      if (!entry.obsolete && entry.translation) found.set(id, entry.translation);
    }
  }
  return found;
}

/**
 * Every translation the PO files hold now, by language and text: a text that moves to another
 * area (or is said again by the server) keeps the words it was given.
 */
async function translationMemory(config: LinguiConfigNormalized, catalogues: Catalog[]) {
  const memory = new Map<string, Map<string, string>>();
  for (const locale of config.locales) {
    if (locale === config.sourceLocale) continue;
    const known = new Map<string, string>();
    for (const catalogue of catalogues) {
      for (const [id, entry] of Object.entries(
        (await catalogue.read(locale)) as Record<string, PoEntry>,
      )) {
        if (entry.translation && !known.has(id)) known.set(id, entry.translation);
      }
    }
    memory.set(locale, known);
  }
  return memory;
}

/** Fills the area's untranslated texts that the memory has words for. */
async function recall(catalogue: Catalog, memory: Map<string, Map<string, string>>) {
  for (const [locale, known] of memory) {
    const entries = (await catalogue.read(locale)) as Record<string, PoEntry>;
    let filled = 0;
    for (const [id, entry] of Object.entries(entries)) {
      const words = known.get(id);
      if (!entry.obsolete && !entry.translation && words) {
        entry.translation = words;
        filled++;
      }
    }
    if (filled > 0) await catalogue.write(locale, entries as never);
  }
}

/** The server's texts that a page already says take the page's translation, once. */
async function fillServerRepeats(config: LinguiConfigNormalized, catalogues: Catalog[]) {
  const server = catalogues.find((catalogue) => areaOf(catalogue) === SERVER_AREA);
  if (!server) return;
  for (const locale of config.locales) {
    if (locale === config.sourceLocale) continue;
    const pages = await pageTranslations(catalogues, locale);
    const entries = (await server.read(locale)) as Record<string, PoEntry>;
    let filled = 0;
    for (const [id, entry] of Object.entries(entries)) {
      const page = pages.get(id);
      if (page && entry.translation !== page) {
        entry.translation = page;
        filled++;
      }
    }
    if (filled > 0) await server.write(locale, entries as never);
  }
}

/** The module that gathers every compiled catalogue, for the server's translator. */
export const indexFile = path.join(root, "src/shared/i18n/catalogues/all.ts");

/** Every area's compiled module in every language, imported by name (tsx has no glob import). */
export function indexSource(config: LinguiConfigNormalized, catalogues: Catalog[]): string {
  const areas = catalogues.map(areaOf).sort();
  const name = (locale: string, area: string) => `${locale}_${area}`;
  const imports = config.locales.flatMap((locale) =>
    areas.map(
      (area) => `import { messages as ${name(locale, area)} } from "./${locale}/${area}.ts";`,
    ),
  );
  const entries = config.locales.map(
    (locale) => `  ${locale}: [${areas.map((area) => name(locale, area)).join(", ")}],`,
  );
  return [
    "// Made by `npm run messages`: every compiled catalogue, for the server's translator, which",
    "// writes mails and documents in any language (decision 56). A page loads only its own.",
    'import type { Messages } from "@lingui/core";',
    ...imports,
    "",
    "export const ALL_CATALOGUES: Record<string, Messages[]> = {",
    ...entries,
    "};",
    "",
  ].join("\n");
}

/** Extracts every area's texts (or only `areas`') into its PO files, then compiles them. */
export async function makeCatalogues(areas: readonly string[] = []): Promise<void> {
  const { config, catalogues } = await storeCatalogues();
  const unknown = areas.filter((area) => !catalogues.some((each) => areaOf(each) === area));
  if (unknown.length > 0) throw new Error(`There is no catalogue area ${unknown.join(", ")}`);
  const memory = await translationMemory(config, catalogues);
  for (const catalogue of catalogues) {
    if (areas.length > 0 && !areas.includes(areaOf(catalogue))) continue;
    const made = await catalogue.make({
      clean: true,
      overwrite: false,
      locale: config.locales,
      orderBy: config.orderBy,
    });
    if (made === false)
      throw new Error(`The ${areaOf(catalogue)} catalogue could not be extracted`);
    await recall(catalogue, memory);
    if (areaOf(catalogue) === SERVER_AREA) await fillServerRepeats(config, catalogues);
    for (const locale of config.locales) {
      const { source, fellBack, errors } = await compileCatalogue(config, catalogue, locale);
      if (errors.length > 0) {
        throw new Error(
          `${areaOf(catalogue)} (${locale}) has texts that do not compile:\n${errors.join("\n")}`,
        );
      }
      await writeFile(compiledFile(catalogue, locale), source);
      const note = fellBack.length > 0 ? `, ${fellBack.length} in English until translated` : "";
      console.log(`${areaOf(catalogue)} (${locale}): compiled${note}`);
    }
  }
  await writeFile(indexFile, indexSource(config, catalogues));
}
