/**
 * Activation codes delivered as a picture by the key supplier are stored as a `data:` URL in place of
 * a text key, with the supplier's file name in front (`key-1.png data:image/png;base64,…`; the file name
 * is optional). Only the raster formats below, base64-encoded, count as an image code; anything else
 * (SVG, other media types, malformed data) is treated as ordinary text, so it is never rendered as markup.
 */
const IMAGE_CODE =
  /^(?:([A-Za-z0-9][A-Za-z0-9._-]{0,99}) )?(data:(image\/(?:png|jpeg|gif|webp));base64,([A-Za-z0-9+/]+={0,2}))$/;

export type ImageCodeType = 'image/png' | 'image/jpeg' | 'image/gif' | 'image/webp';

const EXTENSIONS: Record<ImageCodeType, string> = {
  'image/png': 'png',
  'image/jpeg': 'jpg',
  'image/gif': 'gif',
  'image/webp': 'webp',
};

/** The media type for an image file name's extension, or undefined when it is not a supported image. */
export function imageTypeOfFileName(fileName: string): ImageCodeType | undefined {
  const extension = fileName.split('.').pop()?.toLowerCase();
  if (extension === 'jpg' || extension === 'jpeg') return 'image/jpeg';
  if (extension === 'png' || extension === 'gif' || extension === 'webp') return `image/${extension}`;
  return undefined;
}

export interface ImageCode {
  /** The bare `data:image/…;base64,…` URL, fit for an `<img src>` or a download link. */
  dataUrl: string;
  mimeType: ImageCodeType;
  /** File extension without the dot (png, jpg, gif, webp). */
  extension: string;
  /** The supplier's file name, when stored in front of the data URL. */
  fileName?: string;
}

/** The image inside a code, or null when the code is text (or not a strictly valid image data URL). */
export function parseImageCode(code: string): ImageCode | null {
  const match = IMAGE_CODE.exec(code);
  if (!match) return null;
  const [, fileName, dataUrl, mimeType, data] = match as unknown as [
    string,
    string | undefined,
    string,
    ImageCodeType,
    string,
  ];
  if (data.length % 4 !== 0) return null;
  return { dataUrl, mimeType, extension: EXTENSIONS[mimeType], ...(fileName ? { fileName } : {}) };
}

export function isImageCode(code: string): boolean {
  return parseImageCode(code) !== null;
}

/** A safe download file name for an image code, from the game's title (e.g. "cool-depths-key.png"). */
export function imageCodeFileName(title: string, image: ImageCode): string {
  const base = title
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60);
  return `${base || 'activation'}-key.${image.extension}`;
}
