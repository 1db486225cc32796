import { KEY_LENGTHS, type PlatformGroup } from '@keyland/core/platforms';
import type { invalidKeyReasons } from '@keyland/core/schemas/admin';

export type InvalidKeyReason = (typeof invalidKeyReasons)[number];

export interface KeyLine {
  /** 1-based line number in the text. */
  line: number;
  code: string;
}

export interface KeyProblem {
  reason: InvalidKeyReason;
  expected?: number;
}

const MIN_LENGTH = 5;
const MAX_LENGTH = 255;
/** First cells that name a column rather than hold a key (a CSV header line). */
const HEADER_WORDS = new Set([
  'code',
  'codes',
  'key',
  'keys',
  'activation key',
  'activation_key',
  'activation code',
  'clave',
  'claves',
  'codigo',
  'código',
  'serial',
  'cd key',
  'cdkey',
]);

/** The first column of a CSV line (quoted or not; `,`, `;` or tab separated). */
export function firstCell(line: string): string {
  const text = line.trim();
  if (text.startsWith('"')) {
    let out = '';
    for (let i = 1; i < text.length; i++) {
      const ch = text[i];
      if (ch === '"') {
        if (text[i + 1] === '"') {
          out += '"';
          i++;
          continue;
        }
        return out.trim();
      }
      out += ch;
    }
    return out.trim();
  }
  const cut = text.search(/[,;\t]/);
  return (cut === -1 ? text : text.slice(0, cut)).trim();
}

/** Splits pasted text or a .txt/.csv file into candidate keys: blank lines and a header line are skipped. */
export function splitKeyLines(text: string): KeyLine[] {
  const out: KeyLine[] = [];
  const lines = text.replace(/^\uFEFF/, '').split(/\r\n|\n|\r/);
  let seenFirst = false;
  lines.forEach((raw, index) => {
    const code = firstCell(raw);
    if (code === '') return;
    if (!seenFirst) {
      seenFirst = true;
      if (HEADER_WORDS.has(code.toLowerCase())) return;
    }
    out.push({ line: index + 1, code });
  });
  return out;
}

/** Number of lines of a text, a final line break not starting a new one. */
export function lineCount(text: string): number {
  if (text === '') return 0;
  const parts = text.split(/\r\n|\n|\r/);
  return parts[parts.length - 1] === '' ? parts.length - 1 : parts.length;
}

/**
 * Checks a key against its platform: Xbox 25, PlayStation 12 and Nintendo 16 letters or digits (dashes
 * ignored), as the store's redemption help says; other platforms only get sanity checks (length, no
 * spaces or control characters), since their formats vary (gift links are URLs).
 */
export function keyProblem(code: string, group: PlatformGroup): KeyProblem | undefined {
  if (code.length > MAX_LENGTH) return { reason: 'too_long' };
  if (/\s/.test(code)) return { reason: 'contains_spaces' };
  // biome-ignore lint/suspicious/noControlCharactersInRegex: refusing control characters is the point
  if (/[\u0000-\u001f\u007f]/.test(code)) return { reason: 'invalid_characters' };
  const expected = KEY_LENGTHS[group];
  if (expected !== undefined) {
    const bare = code.replace(/-/g, '');
    if (!/^[A-Za-z0-9]+$/.test(bare)) return { reason: 'invalid_characters' };
    if (bare.length !== expected) return { reason: 'wrong_length', expected };
    return undefined;
  }
  if (code.length < MIN_LENGTH) return { reason: 'too_short' };
  return undefined;
}
