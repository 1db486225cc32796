import { PDFParse } from 'pdf-parse';
import { expect } from 'vitest';

/** The text of a PDF as a reader would extract it, with all runs of white space made single spaces. */
export async function pdfText(pdf: Buffer): Promise<string> {
  expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  const parser = new PDFParse({ data: new Uint8Array(pdf) });
  try {
    const result = await parser.getText();
    return result.text.replace(/\s+/gu, ' ');
  } finally {
    await parser.destroy();
  }
}

/** Formatted amounts carry no-break spaces; compare them with single spaces. */
export const spaced = (text: string) => text.replace(/\s+/gu, ' ');
