// subset-font ships no types: the calls the build makes.
declare module "subset-font" {
  export default function subsetFont(
    font: Buffer,
    text: string,
    options?: { targetFormat?: "woff2" | "woff" | "truetype" | "sfnt"; noHinting?: boolean },
  ): Promise<Buffer>;
}
