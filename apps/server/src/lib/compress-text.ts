import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

export type TextEncoding = 'br' | 'gzip';

/**
 * The encoding to send a generated page in, from the request's Accept-Encoding: brotli, else gzip, else
 * none. A coding listed with q=0 is refused by the client and not used.
 */
export function pickEncoding(header: string | string[] | undefined): TextEncoding | undefined {
  const accepted = new Set<string>();
  for (const part of (Array.isArray(header) ? header.join(',') : (header ?? '')).split(',')) {
    const [name = '', ...params] = part.trim().toLowerCase().split(';');
    const q = params.map((param) => /^\s*q=([\d.]+)\s*$/.exec(param)?.[1]).find((value) => value);
    if (name && (q === undefined || Number(q) > 0)) accepted.add(name);
  }
  if (accepted.has('br')) return 'br';
  if (accepted.has('gzip')) return 'gzip';
  return undefined;
}

/** Compresses a small generated text quickly (brotli quality 5, gzip level 6). */
export function compressText(text: string, encoding: TextEncoding): Buffer {
  return encoding === 'br'
    ? brotliCompressSync(text, { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } })
    : gzipSync(text, { level: 6 });
}
