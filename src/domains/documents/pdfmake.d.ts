/**
 * The part of pdfmake 0.3's server API we use; the package ships no types and @types/pdfmake
 * describes 0.2, whose API (PdfPrinter) 0.3 replaced.
 */
declare module 'pdfmake' {
  interface PdfMakeFonts {
    [family: string]: { normal: string; bold?: string; italics?: string; bolditalics?: string }
  }
  interface PdfMakeOutput {
    getBuffer(): Promise<Buffer>
  }
  interface PdfMake {
    virtualfs: { writeFileSync(name: string, content: Buffer): void; existsSync(name: string): boolean }
    addFonts(fonts: PdfMakeFonts): void
    setUrlAccessPolicy(allow: (url: string) => boolean): void
    setLocalAccessPolicy(allow: (path: string) => boolean): void
    createPdf(definition: object): PdfMakeOutput
  }
  const pdfmake: PdfMake
  export default pdfmake
}

/** pdfmake's map of the Roboto files it ships, as absolute paths. */
declare module 'pdfmake/fonts/Roboto.js' {
  const fonts: { Roboto: { normal: string; bold: string; italics: string; bolditalics: string } }
  export default fonts
}
