// Each storefront page's texts, in one language, as a module of their own (decision 56): the
// texts of the modules the page's code reaches, no more. A page used to load whole catalogue
// areas: the login page carried the account page's, the checkout's and the deletion's words.
import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import ts from "typescript";
import type { Plugin } from "vite";
import { DEFAULT_LOCALE } from "../src/shared/i18n/locales.ts";
import { textKey } from "../src/shared/i18n/text-key.ts";
import {
  FRAME_TEXTS,
  pageTextsModule,
  TEXTS_INDEX,
  textsNameOf,
} from "../src/web/lib/i18n/page-texts-names.ts";
import { SERVER_AREA } from "./messages/areas.ts";

const root = path.resolve(import.meta.dirname, "..");
const WEB = path.join(root, "src/web");
const CATALOGUES = path.join(root, "src/shared/i18n/catalogues");
/** Where the frame's code starts: every page is drawn inside what it reaches. */
export const FRAME_ENTRY = path.join(WEB, "main.tsx");
const ROUTES = path.join(WEB, "routes");

/** The module that maps "or/routes/login" to the loader of its texts. */
export const PAGE_TEXTS_INDEX = "virtual:page-texts";
/** Each language's page texts are modules under here; nothing is on disk. */
const TEXTS_DIR = path.dirname(path.dirname(path.join(WEB, pageTextsModule("en", "frame"))));

type Messages = Record<string, unknown>;

/** The compiled catalogues of the pages' areas, merged per language. */
export function compiledTexts(): Map<string, Messages> {
  const byLocale = new Map<string, Messages>();
  for (const locale of readdirSync(CATALOGUES)) {
    const folder = path.join(CATALOGUES, locale);
    if (!statSync(folder).isDirectory()) continue;
    const merged: Messages = {};
    for (const file of readdirSync(folder)) {
      if (!file.endsWith(".ts") || file === `${SERVER_AREA}.ts`) continue;
      const source = readFileSync(path.join(folder, file), "utf8");
      const literal = /JSON\.parse\(("(?:[^"\\]|\\.)*")\)/.exec(source)?.[1];
      if (!literal) throw new Error(`${locale}/${file} is not a compiled catalogue`);
      Object.assign(merged, JSON.parse(JSON.parse(literal)));
    }
    byLocale.set(locale, merged);
  }
  return byLocale;
}

/** A text in a table of texts: written there, or another table's (`COMMON_TEXTS.status`). */
type TableText = { text: string } | { local: string; key: string };

type Scanned = {
  mtimeMs: number;
  imports: string[];
  lazy: string[];
  /** Its string literals, less those of its tables of texts. */
  literals: string[];
  /**
   * Its tables of texts (`const COMMON_TEXTS = { email: "Email" }`: an object of texts and other
   * tables' texts, nothing else), each by key. A page takes from a table only the keys its
   * code reads, wherever the table is and whoever reads it.
   */
  tables: Map<string, Map<string, TableText>>;
  /** What each imported or re-exported name stands for: the file and its name there. */
  bindings: Map<string, { file: string; name: string }>;
  /** The keys read of each imported name and own table (`T.email`); "all" where used whole. */
  reads: Map<string, Set<string> | "all">;
};
const scans = new Map<string, Scanned>();

/**
 * A source file's imports of code (static and `import()`), resolved to files, its tables of
 * texts and what it reads of them and of the tables it imports, and its other string literals.
 */
export function scan(file: string): Scanned {
  const { mtimeMs } = statSync(file);
  const known = scans.get(file);
  if (known && known.mtimeMs === mtimeMs) return known;
  const source = readFileSync(file, "utf8");
  const kind = file.endsWith(".tsx") ? ts.ScriptKind.TSX : ts.ScriptKind.TS;
  const tree = ts.createSourceFile(file, source, ts.ScriptTarget.Latest, true, kind);
  const { tables, tableNodes } = tablesOf(tree);
  const imports: string[] = [];
  const lazy: string[] = [];
  const literals: string[] = [];
  const bindings = new Map<string, { file: string; name: string }>();
  const reads = new Map<string, Set<string> | "all">();
  const follow = (specifier: ts.Expression | undefined, into = imports) => {
    const found = specifier && ts.isStringLiteral(specifier) && resolveImport(file, specifier.text);
    if (found) into.push(found);
    return found || undefined;
  };
  const bind = (elements: readonly (ts.ImportSpecifier | ts.ExportSpecifier)[], from: string) => {
    for (const element of elements) {
      if (element.isTypeOnly) continue;
      bindings.set(element.name.text, {
        file: from,
        name: (element.propertyName ?? element.name).text,
      });
    }
  };
  const read = (name: string, key: string | undefined) => {
    const held = reads.get(name);
    if (held === "all") return;
    if (key === undefined) reads.set(name, "all");
    else reads.set(name, (held ?? new Set()).add(key));
  };
  const visit = (node: ts.Node) => {
    // A type brings no code, and so no texts, into the page.
    if (ts.isImportDeclaration(node)) {
      if (typeOnly(node)) return;
      const from = follow(node.moduleSpecifier);
      const named = node.importClause?.namedBindings;
      if (from && named && ts.isNamedImports(named)) bind(named.elements, from);
      return;
    }
    if (ts.isExportDeclaration(node)) {
      if (node.isTypeOnly) return;
      const from = follow(node.moduleSpecifier);
      if (from && node.exportClause && ts.isNamedExports(node.exportClause)) {
        bind(node.exportClause.elements, from);
      }
      return;
    }
    // A table's own texts count only as they are read.
    if (tableNodes.has(node)) return;
    if (ts.isIdentifier(node) && isTextsReference(node, tables, bindings)) {
      const parent = node.parent;
      read(
        node.text,
        ts.isPropertyAccessExpression(parent) && parent.expression === node
          ? parent.name.text
          : undefined,
      );
    }
    if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword) {
      follow(node.arguments[0], lazy);
    }
    if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) {
      literals.push(node.text);
    }
    node.forEachChild(visit);
  };
  visit(tree);
  const scanned = { mtimeMs, imports, lazy, literals, tables, bindings, reads };
  scans.set(file, scanned);
  return scanned;
}

/** Whether `node` uses an imported name or an own table (not declares it, nor names a type). */
function isTextsReference(
  node: ts.Identifier,
  tables: ReadonlyMap<string, unknown>,
  bindings: ReadonlyMap<string, unknown>,
): boolean {
  if (!tables.has(node.text) && !bindings.has(node.text)) return false;
  const parent = node.parent;
  if (ts.isVariableDeclaration(parent) && parent.name === node) return false;
  if (ts.isPropertyAccessExpression(parent) && parent.name === node) return false;
  if (ts.isPropertyAssignment(parent) && parent.name === node) return false;
  if (ts.isTypeQueryNode(parent) || ts.isTypeReferenceNode(parent)) return false;
  return true;
}

/**
 * The module's tables of texts: each top-level `const` (exported or not) whose value is an object
 * of texts and other tables' texts (`as const` allowed), and the objects themselves.
 */
function tablesOf(tree: ts.SourceFile) {
  const tables = new Map<string, Map<string, TableText>>();
  const tableNodes = new Set<ts.Node>();
  for (const statement of tree.statements) {
    if (!ts.isVariableStatement(statement)) continue;
    for (const declaration of statement.declarationList.declarations) {
      let value = declaration.initializer;
      while (value && (ts.isAsExpression(value) || ts.isSatisfiesExpression(value))) {
        value = value.expression;
      }
      if (!ts.isIdentifier(declaration.name) || !value || !ts.isObjectLiteralExpression(value)) {
        continue;
      }
      const table = new Map<string, TableText>();
      for (const property of value.properties) {
        const text = ts.isPropertyAssignment(property) ? property.initializer : undefined;
        if (!text || !property.name || !ts.isIdentifier(property.name)) break;
        if (ts.isStringLiteral(text) || ts.isNoSubstitutionTemplateLiteral(text)) {
          table.set(property.name.text, { text: text.text });
        } else if (ts.isPropertyAccessExpression(text) && ts.isIdentifier(text.expression)) {
          table.set(property.name.text, { local: text.expression.text, key: text.name.text });
        } else {
          break;
        }
      }
      if (table.size > 0 && table.size === value.properties.length) {
        tables.set(declaration.name.text, table);
        tableNodes.add(value);
      }
    }
  }
  return { tables, tableNodes };
}

function typeOnly(node: ts.ImportDeclaration): boolean {
  const clause = node.importClause;
  if (!clause) return false;
  if (clause.isTypeOnly) return true;
  const named = clause.namedBindings;
  return (
    !clause.name &&
    named !== undefined &&
    ts.isNamedImports(named) &&
    named.elements.length > 0 &&
    named.elements.every((element) => element.isTypeOnly)
  );
}

/** The store imports its own files by relative path with their extension; packages are skipped. */
function resolveImport(from: string, specifier: string): string | undefined {
  if (!specifier.startsWith(".")) return undefined;
  const file = path.resolve(path.dirname(from), specifier);
  return /\.(ts|tsx)$/.test(file) ? file : undefined;
}

/**
 * Every file `start` reaches through its imports, stopping at `outside`. A part it loads with
 * `import()` comes in too, unless the importer also loads that part's texts by their name (the
 * home page's feedback form): such a part is a unit of its own, added to `parts`.
 */
export function reach(start: string, outside: ReadonlySet<string>, parts: Set<string>): Set<string> {
  const found = new Set<string>();
  const queue = [start];
  while (queue.length > 0) {
    const file = queue.pop()!;
    if (found.has(file) || outside.has(file)) continue;
    found.add(file);
    const { imports, lazy, literals } = scan(file);
    queue.push(...imports);
    for (const part of lazy) {
      if (literals.includes(pageTextsName(part))) parts.add(part);
      else queue.push(part);
    }
  }
  return found;
}

function pageFiles(folder = ROUTES): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(folder, entry.name);
    if (entry.isDirectory()) return pageFiles(file);
    return /\.tsx$/.test(entry.name) && !/\.test\.tsx$/.test(entry.name) ? [file] : [];
  });
}

/** "routes/login" for src/web/routes/login.tsx: the name the router knows a page's texts by. */
const pageTextsName = (file: string) => textsNameOf(path.relative(WEB, file).replaceAll("\\", "/"));

/** The texts `read` of the table `name` stands for in `scanned`, through the tables it names. */
export function tableTexts(
  scanned: Scanned,
  name: string,
  read: Set<string> | "all",
  take: (text: string) => void,
  depth = 0,
): void {
  // Tables name tables a step or two deep; this many is a loop of re-exports.
  if (depth > 20) throw new Error(`The texts table ${name} leads round in a circle`);
  const binding = scanned.tables.has(name) ? undefined : scanned.bindings.get(name);
  // An imported (or re-exported) name: the table where it is written.
  if (binding) {
    tableTexts(scan(binding.file), binding.name, read, take, depth + 1);
    return;
  }
  const table = scanned.tables.get(name);
  if (!table) return;
  for (const [key, text] of table) {
    if (read !== "all" && !read.has(key)) continue;
    if ("text" in text) take(text.text);
    else tableTexts(scanned, text.local, new Set([text.key]), take, depth + 1);
  }
}

/** The texts each page needs beyond the frame's, by page name; the frame's under "frame". */
export function pageTexts(compiled = compiledTexts()): Map<string, Set<string>> {
  const keys = new Set<string>();
  for (const messages of compiled.values()) for (const key in messages) keys.add(key);
  const textsOf = (files: Iterable<string>) => {
    const found = new Set<string>();
    const take = (text: string) => {
      if (keys.has(text)) found.add(text);
    };
    for (const file of files) {
      const scanned = scan(file);
      for (const text of scanned.literals) take(text);
      // A table of texts gives the page only what the page reads of it.
      for (const [name, read] of scanned.reads) tableTexts(scanned, name, read, take);
    }
    return found;
  };
  const parts = new Set<string>();
  const frame = reach(FRAME_ENTRY, new Set(), parts);
  const frameTexts = textsOf(frame);
  const result = new Map([[FRAME_TEXTS, frameTexts]]);
  const queue = [...pageFiles(), ...parts];
  const done = new Set<string>();
  while (queue.length > 0) {
    const file = queue.shift()!;
    if (done.has(file)) continue;
    done.add(file);
    parts.clear();
    // A page saying one of the frame's words again (a borrowed "Login") has it already.
    const texts = [...textsOf(reach(file, frame, parts))].filter((text) => !frameTexts.has(text));
    if (texts.length > 0) result.set(pageTextsName(file), new Set(texts));
    queue.push(...parts);
  }
  return result;
}

const textsModule = (locale: string, name: string) => path.join(WEB, pageTextsModule(locale, name));

/** The modules of the pages `isEnglishOnly` keeps in English: the staff's and the demo mailbox. */
const ENGLISH_ONLY = /^routes\/(admin\/|dev-)/;

/**
 * The key the browser holds each text by (`textKey`); two texts with one key would show one's
 * translation for the other, so the build stops instead.
 */
export function keysOf(compiled: Map<string, Messages>): Map<string, string> {
  const keys = new Map<string, string>();
  const texts = new Map<string, string>();
  for (const messages of compiled.values()) {
    for (const text in messages) {
      const key = textKey(text);
      const other = texts.get(key);
      if (other !== undefined && other !== text) {
        throw new Error(`"${text}" and "${other}" have one key (${key}): reword one`);
      }
      texts.set(key, text);
      keys.set(text, key);
    }
  }
  return keys;
}

/** Each page's texts module by its id, with the texts it holds; none for a language with none. */
function textsModules(): Map<string, Messages> {
  const compiled = compiledTexts();
  const texts = pageTexts(compiled);
  const keys = keysOf(compiled);
  const modules = new Map<string, Messages>();
  for (const [locale, messages] of compiled) {
    for (const [name, wanted] of texts) {
      if (locale !== DEFAULT_LOCALE && ENGLISH_ONLY.test(name)) continue;
      const picked = Object.fromEntries(
        [...wanted]
          .sort()
          .flatMap((text) => (text in messages ? [[keys.get(text)!, messages[text]]] : [])),
      );
      if (Object.keys(picked).length > 0) modules.set(textsModule(locale, name), picked);
    }
  }
  return modules;
}

/** "or/routes/login" for a texts module's file. */
const textsName = (file: string) =>
  path.relative(TEXTS_DIR, file).replace(/\.ts$/, "").replaceAll("\\", "/");

/** The texts modules a build makes, by language and page: "or/routes/login". */
export const madePageTexts = () => [...textsModules().keys()].map(textsName);

const loaders = (entries: [string, string][]) =>
  `{\n${entries.map(([key, file]) => `  ${JSON.stringify(key)}: () => import(${JSON.stringify(file)}),`).join("\n")}\n}`;

/**
 * Serves `virtual:page-texts`, which maps each language to its index, and each language's index
 * (`page-texts/or/index.ts`), which maps a page ("routes/login") to the loader of its texts: a
 * page fetches its own language's index only. The sets are worked out once per build (again when
 * a file changes, under the dev server), from the files as they are then.
 */
export function pageTextsPlugin(): Plugin {
  const index = path.join(TEXTS_DIR, "index.ts");
  let modules: Map<string, Messages> | undefined;
  const locales = () => [
    ...new Set([...modules!.keys()].map((file) => textsName(file).split("/")[0]!)),
  ];
  return {
    name: "page-texts",
    enforce: "pre",
    buildStart() {
      modules = undefined;
    },
    watchChange() {
      modules = undefined;
    },
    resolveId(id) {
      if (id === PAGE_TEXTS_INDEX) return index;
      return id.startsWith(TEXTS_DIR) ? id : undefined;
    },
    load(id) {
      if (!id.startsWith(TEXTS_DIR)) return undefined;
      modules ??= textsModules();
      if (id === index) {
        const indexes = locales().map((locale): [string, string] => [
          locale,
          textsModule(locale, TEXTS_INDEX),
        ]);
        return `export const PAGE_TEXTS = ${loaders(indexes)};\n`;
      }
      const [locale, name] = textsName(id).split(/\/(.*)/);
      if (name === TEXTS_INDEX) {
        const pages = [...modules.keys()]
          .filter((file) => textsName(file).startsWith(`${locale}/`))
          .map((file): [string, string] => [textsName(file).slice(`${locale}/`.length), file]);
        return `export const PAGE_TEXTS = ${loaders(pages)};\n`;
      }
      const messages = modules.get(id);
      if (!messages) throw new Error(`There are no page texts ${id}`);
      return `export const messages = JSON.parse(${JSON.stringify(JSON.stringify(messages))});\n`;
    },
  };
}
