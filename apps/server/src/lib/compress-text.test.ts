import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { compressText, pickEncoding } from './compress-text.ts';

describe('compressed pages', () => {
  it('prefers brotli, then gzip, and uses no coding the client refuses', () => {
    expect(pickEncoding('gzip, deflate, br, zstd')).toBe('br');
    expect(pickEncoding('gzip, deflate')).toBe('gzip');
    expect(pickEncoding('br;q=0, gzip;q=0.5')).toBe('gzip');
    expect(pickEncoding('identity')).toBeUndefined();
    expect(pickEncoding(undefined)).toBeUndefined();
  });

  it('round-trips the text', () => {
    const html = `<html>${'<p>Keyland</p>'.repeat(200)}</html>`;
    expect(brotliDecompressSync(compressText(html, 'br')).toString()).toBe(html);
    expect(gunzipSync(compressText(html, 'gzip')).toString()).toBe(html);
    expect(compressText(html, 'br').length).toBeLessThan(html.length / 10);
  });
});
