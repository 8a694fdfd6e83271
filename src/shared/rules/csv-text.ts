// CSV as spreadsheets write it (RFC 4180): commas, double quotes, CRLF or LF, an optional BOM.

export type CsvRecord = { line: number; cells: string[] };

/** Records with the line each starts on; `unclosed` is the line of a quote never closed. */
export function parseCsv(text: string): { records: CsvRecord[]; unclosed?: number } {
  const records: CsvRecord[] = [];
  let cells: string[] = [];
  let cell = "";
  let quoted = false;
  let line = 1;
  let startLine = 1;
  const input = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  for (let i = 0; i < input.length; i++) {
    const char = input[i]!;
    if (quoted) {
      if (char === '"') {
        if (input[i + 1] === '"') {
          cell += '"';
          i++;
        } else quoted = false;
      } else {
        if (char === "\n") line++;
        cell += char;
      }
      continue;
    }
    if (char === '"' && cell === "") quoted = true;
    else if (char === ",") {
      cells.push(cell);
      cell = "";
    } else if (char === "\n" || char === "\r") {
      if (char === "\r" && input[i + 1] === "\n") i++;
      cells.push(cell);
      if (cells.some((value) => value.trim() !== "")) records.push({ line: startLine, cells });
      cells = [];
      cell = "";
      line++;
      startLine = line;
    } else cell += char;
  }
  if (quoted) return { records, unclosed: startLine };
  cells.push(cell);
  if (cells.some((value) => value.trim() !== "")) records.push({ line: startLine, cells });
  return { records };
}

/**
 * One cell, quoted when it must be. A text cell a spreadsheet would run as a formula (=, +, -, @)
 * gets a leading apostrophe, so an exported file cannot run anything when opened.
 */
export function csvCell(value: string | number | boolean | null | undefined): string {
  if (value === null || value === undefined) return "";
  let text = String(value);
  if (typeof value === "string" && /^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

export function csvRow(values: readonly (string | number | boolean | null | undefined)[]): string {
  return values.map(csvCell).join(",");
}
