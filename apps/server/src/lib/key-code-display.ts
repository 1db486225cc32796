import { isImageCode } from '@keyland/core/image-code';

/** What stands for a code delivered as an image in masked lists (the admin pages translate it). */
export const IMAGE_CODE_LABEL = 'image code';

/** The code with all but its last 4 characters hidden; an image code is named, not cut. */
export function maskCode(code: string): string {
  if (isImageCode(code)) return IMAGE_CODE_LABEL;
  return `${'•'.repeat(10)}${code.slice(-4)}`;
}

export function codeKind(code: string): 'text' | 'image' {
  return isImageCode(code) ? 'image' : 'text';
}
