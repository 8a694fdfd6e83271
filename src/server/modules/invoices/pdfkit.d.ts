// The part of pdfkit (which ships no types) the GST documents' PDF uses.
declare module "pdfkit" {
  type TextOptions = {
    width?: number;
    height?: number;
    align?: "left" | "center" | "right" | "justify";
    continued?: boolean;
    lineGap?: number;
    characterSpacing?: number;
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
    registerFont(name: string, src: string | Buffer): this;
    font(name: string): this;
    fontSize(size: number): this;
    fillColor(color: string): this;
    strokeColor(color: string): this;
    lineWidth(width: number): this;
    text(text: string, x?: number, y?: number, options?: TextOptions): this;
    text(text: string, options?: TextOptions): this;
    heightOfString(text: string, options?: TextOptions): number;
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
