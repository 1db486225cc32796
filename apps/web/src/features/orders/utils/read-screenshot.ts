import { SCREENSHOT_LIMIT_BYTES, SCREENSHOT_TYPES } from '#src/features/orders/api/claims.ts';

export type ScreenshotCheck =
  | { ok: true; dataUrl: string }
  | { ok: false; problem: 'type' | 'size' | 'unreadable' };

/** The image types the file input offers. */
export const SCREENSHOT_ACCEPT = SCREENSHOT_TYPES.join(',');

function readAsDataUrl(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () =>
      typeof reader.result === 'string' ? resolve(reader.result) : reject(new Error('no data URL'));
    reader.onerror = () => reject(reader.error ?? new Error('unreadable'));
    reader.readAsDataURL(file);
  });
}

/**
 * A chosen screenshot, checked before it is read: a PNG, JPEG or WebP of at most 1 MiB (the server's
 * limits, so a refused upload is not sent at all), then read as the `data:` URL the claim carries.
 */
export async function readScreenshot(file: File): Promise<ScreenshotCheck> {
  if (!(SCREENSHOT_TYPES as readonly string[]).includes(file.type)) return { ok: false, problem: 'type' };
  if (file.size > SCREENSHOT_LIMIT_BYTES) return { ok: false, problem: 'size' };
  try {
    const dataUrl = await readAsDataUrl(file);
    return dataUrl.startsWith('data:image/') ? { ok: true, dataUrl } : { ok: false, problem: 'unreadable' };
  } catch {
    return { ok: false, problem: 'unreadable' };
  }
}
