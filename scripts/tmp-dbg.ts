import { reach, scan, FRAME_ENTRY, tableTexts, compiledTexts } from "./tmp-pt.ts";
const compiled = compiledTexts();
const or = compiled.get("or/shell") ;
const keys = new Set<string>();
const all: Record<string,string> = {};
for (const [name, messages] of compiled) { if (name !== "or") continue; for (const key in messages) { keys.add(key); all[key] = JSON.stringify(messages[key]); } }
const target = process.argv[2] ?? FRAME_ENTRY;
const files = reach(target, new Set(), new Set());
for (const file of files) {
  const s = scan(file); const found: string[] = [];
  for (const t of s.literals) if (keys.has(t)) found.push(t);
  for (const [name, read] of s.reads) tableTexts(s, name, read, (t: string) => { if (keys.has(t)) found.push(t); });
  if (found.length) console.log(file.replace(/.*src\//, ""), Buffer.byteLength(found.map(t=>all[t]).join("")), found.map(t=>t.slice(0,40)).join(" | "));
}
