import { z } from 'zod';

/**
 * Text the store accepts: any Unicode text except the C0 control characters other than tab, line feed and
 * carriage return, DEL, and lone UTF-16 surrogates (half of a character, which no encoding can store).
 * PostgreSQL refuses NUL in text outright; the other controls and half characters are never typed by a
 * person and only ever come from broken or hostile clients. The server applies the rule to every request
 * (body, query and path, keys included) before any route reads it; schemas shared with the web can use
 * `safeTextSchema` / `refuseUnsafeText` to say the same in a form.
 */

export type UnsafeTextReason = 'control' | 'surrogate';

/** The first unsafe character of `text` (from index `from`): its index and why, or undefined when none. */
export function unsafeCharOf(
  text: string,
  from = 0,
): { index: number; reason: UnsafeTextReason } | undefined {
  for (let index = from; index < text.length; index++) {
    const code = text.charCodeAt(index);
    if (code < 0x20) {
      if (code !== 0x09 && code !== 0x0a && code !== 0x0d) return { index, reason: 'control' };
    } else if (code === 0x7f) {
      return { index, reason: 'control' };
    } else if (code >= 0xd800 && code <= 0xdbff) {
      const next = text.charCodeAt(index + 1);
      if (next >= 0xdc00 && next <= 0xdfff) index++;
      else return { index, reason: 'surrogate' };
    } else if (code >= 0xdc00 && code <= 0xdfff) {
      return { index, reason: 'surrogate' };
    }
  }
  return undefined;
}

export const isSafeText = (text: string): boolean => unsafeCharOf(text) === undefined;

export interface UnsafeText {
  /** Where the string is: object keys and array indexes from the root (empty for a root string). */
  path: (string | number)[];
  reason: UnsafeTextReason;
  /** True when the unsafe string is an object key rather than a value. */
  inKey: boolean;
}

interface Pending {
  value: unknown;
  key: string | number | undefined;
  parent: Pending | undefined;
}

function pathOf(entry: Pending | undefined): (string | number)[] {
  const path: (string | number)[] = [];
  for (let at = entry; at?.key !== undefined; at = at.parent) path.push(at.key);
  return path.reverse();
}

/**
 * The first unsafe string (in document order) of a JSON-like value (strings, numbers, booleans, null,
 * arrays and plain objects), key or value, with its path. Walks without recursion, so a deeply nested
 * body cannot exhaust the stack. Other values (dates, buffers…) are not looked into.
 */
export function findUnsafeText(value: unknown): UnsafeText | undefined {
  const stack: Pending[] = [{ value, key: undefined, parent: undefined }];
  while (stack.length > 0) {
    const entry = stack.pop() as Pending;
    const current = entry.value;
    if (typeof current === 'string') {
      const found = unsafeCharOf(current);
      if (found) return { path: pathOf(entry), reason: found.reason, inKey: false };
    } else if (Array.isArray(current)) {
      for (let index = current.length - 1; index >= 0; index--) {
        stack.push({ value: current[index], key: index, parent: entry });
      }
    } else if (isPlainObject(current)) {
      const keys = Object.keys(current);
      for (const key of keys) {
        const found = unsafeCharOf(key);
        if (found) return { path: [...pathOf(entry), key], reason: found.reason, inKey: true };
      }
      for (let index = keys.length - 1; index >= 0; index--) {
        const key = keys[index] as string;
        stack.push({ value: current[key], key, parent: entry });
      }
    }
  }
  return undefined;
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (value === null || typeof value !== 'object') return false;
  const prototype = Object.getPrototypeOf(value);
  return prototype === Object.prototype || prototype === null;
}

/** Longest key written in a field name; longer keys are cut (a field name is not an echo of the body). */
const FIELD_KEY_MAX = 80;

/**
 * A path as the API names fields ("filters.name", "items.0.title"). Unsafe characters of a key are
 * written as \uXXXX escapes, so the name of a field never carries the characters it was refused for.
 */
export function fieldNameOf(path: readonly (string | number)[]): string {
  return path.map((part) => (typeof part === 'number' ? String(part) : escapeUnsafe(part))).join('.');
}

function escapeUnsafe(key: string): string {
  const text = key.length > FIELD_KEY_MAX ? `${key.slice(0, FIELD_KEY_MAX)}…` : key;
  let out = '';
  let from = 0;
  for (let found = unsafeCharOf(text); found; found = unsafeCharOf(text, from)) {
    out += `${text.slice(from, found.index)}\\u${text.charCodeAt(found.index).toString(16).padStart(4, '0')}`;
    from = found.index + 1;
  }
  return out + text.slice(from);
}

export const UNSAFE_TEXT_MESSAGE = 'Control characters and incomplete characters are not allowed';

/** A string that passes the rule (for form and request schemas). */
export const safeTextSchema = z.string().refine(isSafeText, { message: UNSAFE_TEXT_MESSAGE });

/**
 * A refinement for any schema: `schema.superRefine(refuseUnsafeText)` reports the first unsafe string
 * (key or value) at its path.
 */
export function refuseUnsafeText(value: unknown, context: z.RefinementCtx): void {
  const found = findUnsafeText(value);
  if (found) context.addIssue({ code: 'custom', message: UNSAFE_TEXT_MESSAGE, path: found.path });
}
