/**
 * Activation codes delivered as a picture by the key supplier are stored as a `data:` URL in place of
 * a text key. Only the raster formats below, base64-encoded, count as an image code; anything else
 * (SVG, other media types, malformed data) is treated as ordinary text, so it is never rendered as markup.
 */
const IMAGE_CODE = /^data:(image\/(?:png|jpeg|gif|webp));base64,([A-Za-z0-9+/]+={0,2})$/;

const EXTENSIONS: Record<string, string> = {
  'image/png': 'png',
  'image/jpeg': 'jpg',
  'image/gif': 'gif',
  'image/webp': 'webp',
};

export interface ImageCode {
  mimeType: 'image/png' | 'image/jpeg' | 'image/gif' | 'image/webp';
  /** File extension without the dot (png, jpg, gif, webp). */
  extension: string;
}

/** The image format of a code, or null when the code is text (or not a strictly valid image data URL). */
export function parseImageCode(code: string): ImageCode | null {
  const match = IMAGE_CODE.exec(code);
  if (!match) return null;
  const [, mimeType, data] = match as unknown as [string, ImageCode['mimeType'], string];
  if (data.length % 4 !== 0) return null;
  return { mimeType, extension: EXTENSIONS[mimeType] ?? 'png' };
}

export function isImageCode(code: string): boolean {
  return parseImageCode(code) !== null;
}

/** A safe download file name for an image code, from the game's title (e.g. "cool-depths-key.png"). */
export function imageCodeFileName(title: string, code: string): string {
  const extension = parseImageCode(code)?.extension ?? 'png';
  const base = title
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60);
  return `${base || 'activation'}-key.${extension}`;
}
