import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { envSchema } from '../config/env.ts';

/**
 * Finds what must never reach a visitor's browser in the built web app: secret-looking values, back-office
 * addresses or credentials, and the names of server-only settings (a sign that server code or
 * configuration was bundled).
 */
export interface BundleFinding {
  file: string;
  rule: string;
  excerpt: string;
}

/** Settings a browser may legitimately mention (generic words, or public by nature). */
const PUBLIC_SETTINGS = new Set(['NODE_ENV', 'HOST', 'PORT']);

/** The names of every server setting (src/config/env.ts) that is not public. */
export const SERVER_ONLY_SETTINGS = Object.keys(envSchema.shape).filter((name) => !PUBLIC_SETTINGS.has(name));

const PATTERNS: { rule: string; pattern: RegExp }[] = [
  { rule: 'payment secret key', pattern: /\b[sr]k_(?:live|test)_[0-9A-Za-z]{6,}/g },
  { rule: 'webhook signing secret', pattern: /\bwhsec_[0-9A-Za-z]{6,}/g },
  { rule: 'private key', pattern: /-----BEGIN (?:[A-Z]+ )?PRIVATE KEY-----/g },
  { rule: 'cloud access key', pattern: /\bAKIA[0-9A-Z]{16}\b/g },
  { rule: 'JSON web token', pattern: /\beyJ[0-9A-Za-z_-]{10,}\.eyJ[0-9A-Za-z_-]{10,}\.[0-9A-Za-z_-]{10,}/g },
  {
    rule: 'URL with credentials',
    pattern: /\b[a-z][a-z0-9+.-]*:\/\/[^\s/:@'"`<>]+:[^\s/@'"`<>]+@[^\s'"`<>]+/gi,
  },
  {
    rule: 'back-office endpoint',
    pattern: /\/(?:jsonrpc|xmlrpc(?:\/2)?\/(?:common|object)|web\/session\/authenticate)\b/g,
  },
  { rule: 'back-office setting', pattern: /\bODOO_[A-Z_]+\b/g },
  {
    rule: 'server-only setting',
    pattern: new RegExp(`\\b(?:${SERVER_ONLY_SETTINGS.join('|')})\\b`, 'g'),
  },
];

/** Shannon entropy in bits per character. */
export function entropy(text: string): number {
  const counts = new Map<string, number>();
  for (const char of text) counts.set(char, (counts.get(char) ?? 0) + 1);
  let bits = 0;
  for (const count of counts.values()) {
    const p = count / text.length;
    bits -= p * Math.log2(p);
  }
  return bits;
}

/**
 * A high-entropy token inside a string literal: 32+ characters of letters, digits and `_-+/=` with upper
 * case, lower case and digits above 3.7 bits per character (random base64 keys of 32 characters measure
 * 4.5 on average and never below 3.78 in 200,000 draws; identifiers and words have no digits or stay
 * below), or 40+ hexadecimal characters above 3.5 bits (hex-encoded keys). Data URIs are skipped.
 */
const TOKEN = /(["'`])([A-Za-z0-9_\-+/=]{32,})\1/g;

function highEntropyTokens(text: string): string[] {
  const found: string[] = [];
  for (const match of text.matchAll(TOKEN)) {
    const token = match[2] ?? '';
    const before = text.slice(Math.max(0, (match.index ?? 0) - 8), match.index);
    if (/base64,$/.test(before)) continue;
    const bits = entropy(token);
    const hex = /^[0-9a-f]{40,}$/i.test(token) && /[0-9]/.test(token) && /[a-f]/i.test(token);
    const mixed = /[a-z]/.test(token) && /[A-Z]/.test(token) && /[0-9]/.test(token);
    if ((hex && bits > 3.5) || (mixed && bits > 3.7)) found.push(token);
  }
  return found;
}

/** Scans one file's text. */
export function scanText(file: string, text: string): BundleFinding[] {
  const findings: BundleFinding[] = [];
  for (const { rule, pattern } of PATTERNS) {
    for (const match of text.matchAll(pattern)) {
      const at = match.index ?? 0;
      findings.push({ file, rule, excerpt: text.slice(Math.max(0, at - 30), at + match[0].length + 30) });
    }
  }
  for (const token of highEntropyTokens(text))
    findings.push({ file, rule: 'high-entropy token', excerpt: token });
  return findings;
}

const TEXT_FILES = /\.(?:js|mjs|cjs|css|html|json|map|txt|svg|webmanifest)$/;

/** Scans every text file under `dir` (the built web app). */
export function scanBundle(dir: string): BundleFinding[] {
  const findings: BundleFinding[] = [];
  const walk = (current: string) => {
    for (const entry of readdirSync(current)) {
      const full = path.join(current, entry);
      if (statSync(full).isDirectory()) walk(full);
      else if (TEXT_FILES.test(entry))
        findings.push(...scanText(path.relative(dir, full), readFileSync(full, 'utf8')));
    }
  };
  walk(dir);
  return findings;
}
