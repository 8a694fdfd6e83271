import { readFile } from "node:fs/promises";
import { createRequire } from "node:module";

const require = createRequire(import.meta.url);

/** The calls of HarfBuzz's subsetter (harfbuzzjs's own build of it) this file makes. */
type Subsetter = {
  memory: WebAssembly.Memory;
  _initialize(): void;
  malloc(size: number): number;
  free(pointer: number): void;
  hb_blob_create(data: number, length: number, mode: number, user: number, destroy: number): number;
  hb_blob_destroy(blob: number): void;
  hb_blob_get_data(blob: number, length: number): number;
  hb_blob_get_length(blob: number): number;
  hb_face_create(blob: number, index: number): number;
  hb_face_destroy(face: number): void;
  hb_face_reference_blob(face: number): number;
  hb_set_add(set: number, value: number): void;
  hb_set_clear(set: number): void;
  hb_set_invert(set: number): void;
  hb_subset_input_create_or_fail(): number;
  hb_subset_input_destroy(input: number): void;
  hb_subset_input_get_flags(input: number): number;
  hb_subset_input_set_flags(input: number, flags: number): void;
  hb_subset_input_set(input: number, which: number): number;
  hb_subset_input_unicode_set(input: number): number;
  hb_subset_input_glyph_set(input: number): number;
  hb_subset_or_fail(face: number, input: number): number;
};

const MEMORY_MODE_WRITABLE = 2;
const SETS_LAYOUT_FEATURE_TAG = 6;
const FLAGS_NO_HINTING = 0x1;
const FLAGS_RETAIN_GIDS = 0x2;
const FLAGS_NO_LAYOUT_CLOSURE = 0x200;

/** How a run of text is drawn: each glyph's number and placement, in order. */
export type Drawing = string;

export type FontCutter = {
  /** Shapes `run` as a browser would for a page in `language`: its drawing and its glyphs. */
  shape(run: string): { drawing: Drawing; glyphs: number[] };
  /**
   * Every glyph shaping `run` passes through, the drawn ones and those a later rule replaces (a
   * half form before it joins the next letter): a cut keeps a rule only if it keeps every glyph
   * the rule reads.
   */
  trace(run: string): number[];
  /**
   * A face of only `glyphs` (their numbers kept) and the code points `letters`, with the layout
   * rules among those glyphs alone: TrueType bytes.
   */
  cut(letters: Iterable<number>, glyphs: Iterable<number>): Uint8Array;
  /** The runs `face` draws otherwise than this font does (their `drawings`, from `shape`). */
  drawnOtherwise(face: Uint8Array, runs: string[], drawings: Drawing[]): number[];
};

let subsetter: Promise<Subsetter> | undefined;
function loadSubsetter(): Promise<Subsetter> {
  subsetter ??= readFile(require.resolve("harfbuzzjs/dist/harfbuzz-subset.wasm"))
    .then((wasm) => WebAssembly.instantiate(wasm))
    .then(({ instance }) => {
      const exports = instance.exports as unknown as Subsetter;
      exports._initialize();
      return exports;
    });
  return subsetter;
}

/**
 * Shapes and cuts one font (TrueType bytes) with HarfBuzz, the shaper the browsers use: the
 * store's way of sending a page only the glyphs its words are drawn with (decision 56).
 */
export async function openFontCutter(font: Uint8Array, language: string): Promise<FontCutter> {
  const hb = await import("harfbuzzjs");
  const wasm = await loadSubsetter();
  const heap = () => new Uint8Array(wasm.memory.buffer);
  const fontAt = wasm.malloc(font.byteLength);
  heap().set(font, fontAt);
  const blob = wasm.hb_blob_create(fontAt, font.byteLength, MEMORY_MODE_WRITABLE, 0, 0);
  const source = wasm.hb_face_create(blob, 0);
  wasm.hb_blob_destroy(blob);

  type Font = InstanceType<typeof hb.Font>;
  type Buffer = InstanceType<typeof hb.Buffer>;
  const fontOf = (bytes: Uint8Array) => new hb.Font(new hb.Face(new hb.Blob(bytes)));
  const shaper = fontOf(font);
  const plain = new hb.Buffer();
  // One buffer that reports each step, its function set once: each one given stays in
  // HarfBuzz's table. Reading the glyphs only after each rule keeps the trace cheap.
  const traced = new hb.Buffer();
  let passedThrough: Set<number> | undefined;
  traced.setMessageFunc((state, _font, message) => {
    if (passedThrough && message.startsWith("end lookup")) {
      for (const glyph of state.getGlyphInfos()) passedThrough.add(glyph.codepoint);
    }
    return true;
  });
  const shapeInto = (buffer: Buffer, shaperFont: Font, run: string) => {
    buffer.clearContents();
    buffer.addText(run);
    buffer.guessSegmentProperties();
    buffer.setLanguage(language);
    hb.shape(shaperFont, buffer);
    return buffer.getGlyphInfos();
  };
  const drawingOf = (shaperFont: Font, run: string): Drawing => {
    const glyphs = shapeInto(plain, shaperFont, run);
    const positions = plain.getGlyphPositions();
    return glyphs
      .map(({ codepoint }, index) => {
        const { xAdvance, xOffset, yOffset } = positions[index]!;
        return `${codepoint}:${xAdvance}:${xOffset}:${yOffset}`;
      })
      .join(" ");
  };

  return {
    shape(run) {
      const drawing = drawingOf(shaper, run);
      return { drawing, glyphs: plain.getGlyphInfos().map(({ codepoint }) => codepoint) };
    },
    trace(run) {
      const glyphs = new Set<number>();
      passedThrough = glyphs;
      try {
        for (const { codepoint } of shapeInto(traced, shaper, run)) glyphs.add(codepoint);
      } finally {
        passedThrough = undefined;
      }
      return [...glyphs];
    },
    cut(letters, glyphs) {
      const input = wasm.hb_subset_input_create_or_fail();
      if (input === 0) throw new Error("HarfBuzz could not start a cut");
      try {
        const features = wasm.hb_subset_input_set(input, SETS_LAYOUT_FEATURE_TAG);
        wasm.hb_set_clear(features);
        wasm.hb_set_invert(features);
        wasm.hb_subset_input_set_flags(
          input,
          wasm.hb_subset_input_get_flags(input) |
            FLAGS_NO_HINTING |
            FLAGS_RETAIN_GIDS |
            FLAGS_NO_LAYOUT_CLOSURE,
        );
        const letterSet = wasm.hb_subset_input_unicode_set(input);
        for (const letter of letters) wasm.hb_set_add(letterSet, letter);
        const glyphSet = wasm.hb_subset_input_glyph_set(input);
        for (const glyph of glyphs) wasm.hb_set_add(glyphSet, glyph);
        const face = wasm.hb_subset_or_fail(source, input);
        if (face === 0) throw new Error("HarfBuzz could not cut the face");
        const result = wasm.hb_face_reference_blob(face);
        const at = wasm.hb_blob_get_data(result, 0);
        const bytes = heap().slice(at, at + wasm.hb_blob_get_length(result));
        wasm.hb_blob_destroy(result);
        wasm.hb_face_destroy(face);
        return bytes;
      } finally {
        wasm.hb_subset_input_destroy(input);
      }
    },
    drawnOtherwise(face, runs, drawings) {
      const cutFont = fontOf(face);
      return runs.flatMap((run, index) =>
        drawingOf(cutFont, run) === drawings[index] ? [] : [index],
      );
    },
  };
}
