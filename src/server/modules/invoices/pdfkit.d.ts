// The part of pdfkit (which ships no types) the GST documents' PDF uses.
declare module "pdfkit" {
  type TextOptions = {
    width?: number;
    height?: number;
    align?: "left" | "center" | "right" | "justify";
    continued?: boolean;
    lineGap?: number;
    characterSpacing?: number;
    /** false: one line where it is put, not wrapped (and `width` not needed). */
    lineBreak?: boolean;
    /** "alphabetic": `y` is the baseline rather than the top of the line. */
    baseline?: "alphabetic" | "top";
  };
  export default class PDFDocument {
    on(event: "data", listener: (chunk: Buffer) => void): this;
    on(event: "end", listener: () => void): this;
    on(event: "error", listener: (error: Error) => void): this;
    constructor(options?: {
      size?: string | [number, number];
      margin?: number;
      compress?: boolean;
      autoFirstPage?: boolean;
      bufferPages?: boolean;
      info?: {
        Title?: string;
        Author?: string;
        Subject?: string;
        Producer?: string;
        Creator?: string;
      };
      lang?: string;
      displayTitle?: boolean;
    });
    page: { width: number; height: number };
    y: number;
    x: number;
    /** From a file, its bytes, or a font fontkit has parsed (`_font.font`). */
    registerFont(name: string, src: string | Buffer | object): this;
    font(name: string): this;
    /**
     * The selected font's metrics in thousandths of its size. Not in PDFKit's documentation, but
     * what its own line heights are made of (`currentLineHeight`).
     */
    _font: { ascender: number; descender: number; lineGap: number; font: object };
    fontSize(size: number): this;
    fillColor(color: string): this;
    strokeColor(color: string): this;
    lineWidth(width: number): this;
    text(text: string, x?: number, y?: number, options?: TextOptions): this;
    text(text: string, options?: TextOptions): this;
    heightOfString(text: string, options?: TextOptions): number;
    /** A marked-content span; `actual` is its ActualText, the text a reader copies from it. */
    markContent(tag: "Span", options: { lang?: string; actual?: string }): this;
    endMarkedContent(): this;
    /** Appends operators to the page's content stream; `text` writes its own through it. */
    addContent(data: string): this;
    widthOfString(text: string, options?: TextOptions): number;
    rect(x: number, y: number, width: number, height: number): this;
    moveTo(x: number, y: number): this;
    lineTo(x: number, y: number): this;
    fill(color?: string): this;
    stroke(color?: string): this;
    addPage(): this;
    end(): void;
  }
}
