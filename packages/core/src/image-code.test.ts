import { describe, expect, it } from 'vitest';
import { imageCodeFileName, imageTypeOfFileName, isImageCode, parseImageCode } from './image-code.ts';

const PNG =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';

describe('image codes', () => {
  it('recognises base64 PNG, JPEG, GIF and WebP data URLs', () => {
    expect(parseImageCode(PNG)).toEqual({ dataUrl: PNG, mimeType: 'image/png', extension: 'png' });
    expect(parseImageCode('data:image/jpeg;base64,/9j/4AAQ')?.extension).toBe('jpg');
    expect(isImageCode('data:image/gif;base64,R0lGODlh')).toBe(true);
    expect(isImageCode('data:image/webp;base64,UklGRg==')).toBe(true);
  });

  it('reads the stored form with the supplier file name in front', () => {
    expect(parseImageCode(`key-7.png ${PNG}`)).toEqual({
      dataUrl: PNG,
      mimeType: 'image/png',
      extension: 'png',
      fileName: 'key-7.png',
    });
  });

  it('treats everything else as text', () => {
    expect(isImageCode('GV7FX-RHJJD-F4LRR')).toBe(false);
    expect(isImageCode('data:image/svg+xml;base64,PHN2Zz48L3N2Zz4=')).toBe(false);
    expect(isImageCode('data:text/html;base64,PGgxPmhpPC9oMT4=')).toBe(false);
    expect(isImageCode('data:image/png,rawdata')).toBe(false);
    expect(isImageCode('data:image/png;base64,abc')).toBe(false);
    expect(isImageCode('data:image/png;base64,ab"cd')).toBe(false);
    expect(isImageCode('data:image/jpg;base64,/9j/4AAQ')).toBe(false);
    expect(isImageCode(`${PNG} `)).toBe(false);
    expect(isImageCode(`a b ${PNG}`)).toBe(false);
    expect(isImageCode(`<x> ${PNG}`)).toBe(false);
    expect(isImageCode('DATA:IMAGE/PNG;base64,iVBO')).toBe(false);
  });

  it('maps supplier file names to media types', () => {
    expect(imageTypeOfFileName('key.JPG')).toBe('image/jpeg');
    expect(imageTypeOfFileName('key.jpeg')).toBe('image/jpeg');
    expect(imageTypeOfFileName('key.webp')).toBe('image/webp');
    expect(imageTypeOfFileName('key.svg')).toBeUndefined();
  });

  it('names the download after the game', () => {
    const png = parseImageCode(PNG);
    const webp = parseImageCode('data:image/webp;base64,UklGRg==');
    if (!png || !webp) throw new Error('not parsed');
    expect(imageCodeFileName('Kühle Tiefen: Deluxe!', png)).toBe('kuhle-tiefen-deluxe-key.png');
    expect(imageCodeFileName('???', webp)).toBe('activation-key.webp');
  });
});
