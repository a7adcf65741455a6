/** The part of subset-font (HarfBuzz's hb-subset, compiled to WebAssembly) that build-fonts.ts uses. */
declare module 'subset-font' {
  interface SubsetOptions {
    targetFormat?: 'sfnt' | 'woff' | 'woff2';
    /** Name table ids kept beside the few hb-subset keeps by default. */
    preserveNameIds?: number[];
    /** Tables left out of the subset, by tag. */
    dropTables?: string[];
  }
  export default function subsetFont(font: Buffer, text: string, options?: SubsetOptions): Promise<Buffer>;
}
