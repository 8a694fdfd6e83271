// Which mails the store can send, read from its source rather than kept by hand: a test over
// "every mail" then fails as soon as a new one is written without being added to it.
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import ts from "typescript";

/** The mail module's two ways of writing a mail to be drawn; every mail is written by one of them. */
const DRAWS_A_MAIL = new Set(["templateMail", "letterMail"]);
const SERVER = path.resolve(import.meta.dirname, "..");
/** The tests' own helpers, which send the store no mail. */
const TESTING = path.join(SERVER, "testing");

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return file === TESTING ? [] : sourceFiles(file);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [file] : [];
  });
}

type TopFunction = { exported: boolean; calls: Set<string> };

/** A file's top-level functions (declarations and `const` arrows) and the names each calls. */
function topFunctions(file: string): Map<string, TopFunction> {
  const source = ts.createSourceFile(file, readFileSync(file, "utf8"), ts.ScriptTarget.Latest);
  const functions = new Map<string, TopFunction>();
  const callsIn = (body: ts.Node) => {
    const calls = new Set<string>();
    const visit = (node: ts.Node) => {
      if (ts.isCallExpression(node) && ts.isIdentifier(node.expression)) {
        calls.add(node.expression.text);
      }
      ts.forEachChild(node, visit);
    };
    visit(body);
    return calls;
  };
  const isExported = (node: ts.Node) =>
    ts.canHaveModifiers(node) &&
    (ts.getModifiers(node) ?? []).some((modifier) => modifier.kind === ts.SyntaxKind.ExportKeyword);
  for (const statement of source.statements) {
    if (ts.isFunctionDeclaration(statement) && statement.name && statement.body) {
      functions.set(statement.name.text, {
        exported: isExported(statement),
        calls: callsIn(statement.body),
      });
    }
    if (ts.isVariableStatement(statement)) {
      for (const declaration of statement.declarationList.declarations) {
        const value = declaration.initializer;
        if (!ts.isIdentifier(declaration.name) || !value) continue;
        if (!ts.isArrowFunction(value) && !ts.isFunctionExpression(value)) continue;
        functions.set(declaration.name.text, {
          exported: isExported(statement),
          calls: callsIn(value.body),
        });
      }
    }
  }
  return functions;
}

/**
 * The name of every exported function under src/server that draws a mail, itself or through a
 * function of its own file (a shared "compose"). A function that only passes on a mail another
 * file draws (the status mails' lookup, a confirmation mail bound to the store's settings) is not
 * one: the mail is counted where it is drawn.
 */
export function mailBuilders(): string[] {
  return sourceFiles(SERVER).flatMap((file) => {
    const functions = topFunctions(file);
    const draws = (name: string, seen = new Set<string>()): boolean => {
      if (seen.has(name)) return false;
      seen.add(name);
      const calls = functions.get(name)?.calls ?? new Set<string>();
      return [...calls].some(
        (called) =>
          DRAWS_A_MAIL.has(called) ||
          (functions.has(called) && !functions.get(called)!.exported && draws(called, seen)),
      );
    };
    return [...functions]
      .filter(([name, { exported }]) => exported && !DRAWS_A_MAIL.has(name) && draws(name))
      .map(([name]) => name);
  });
}
