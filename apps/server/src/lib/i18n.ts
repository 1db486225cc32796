import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { DEFAULT_LOCALE, isLocale, type Locale } from '@keyland/core/locales';

type Messages = { [key: string]: string | Messages };

const localesDir = path.resolve(import.meta.dirname, '../../../../packages/core/src/i18n/locales');
const cache = new Map<Locale, Messages>();

function messagesOf(locale: Locale): Messages {
  let messages = cache.get(locale);
  if (!messages) {
    const file = path.join(localesDir, `${locale}.json`);
    messages = existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as Messages) : {};
    cache.set(locale, messages);
  }
  return messages;
}

function lookup(messages: Messages, key: string): string | undefined {
  let node: string | Messages | undefined = messages;
  for (const part of key.split('.')) {
    if (node === undefined || typeof node === 'string') return undefined;
    node = node[part];
  }
  return typeof node === 'string' ? node : undefined;
}

/**
 * Translates a key of the shared translation files (the same ones the web app uses) in the given
 * language, falling back to English, with i18next-style `{{name}}` interpolation.
 */
export function translate(locale: Locale, key: string, values: Record<string, string | number> = {}): string {
  const template = lookup(messagesOf(locale), key) ?? lookup(messagesOf(DEFAULT_LOCALE), key) ?? key;
  return template.replace(/\{\{\s*(\w+)\s*\}\}/g, (_m, name: string) => String(values[name] ?? ''));
}

/** Like `translate`, but undefined when no language has the key. */
export function translateOptional(locale: Locale, key: string, values: Record<string, string | number> = {}) {
  const known = lookup(messagesOf(locale), key) ?? lookup(messagesOf(DEFAULT_LOCALE), key);
  return known === undefined ? undefined : translate(locale, key, values);
}

/** The caller's language: the first supported tag of Accept-Language, else English. */
export function localeFromHeader(acceptLanguage: string | undefined): Locale {
  if (!acceptLanguage) return DEFAULT_LOCALE;
  for (const part of acceptLanguage.split(',')) {
    const language = part.split(';')[0]?.trim().slice(0, 2).toLowerCase();
    if (isLocale(language)) return language;
  }
  return DEFAULT_LOCALE;
}
