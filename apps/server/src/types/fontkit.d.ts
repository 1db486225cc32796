/** The one call Keyland makes of fontkit (pdfkit's font parser), which ships no types of its own. */
declare module 'fontkit' {
  /** Parses a TrueType/OpenType file; the result is what pdfkit's `registerFont` also accepts. */
  export function create(buffer: Uint8Array, postscriptName?: string): { layout: (text: string) => unknown };
}
