/**
 * Lists, per language, the translation keys English has and the language lacks (plural forms folded),
 * and the keys it has that English lacks. Usage: node scripts/i18n-missing.ts [language…]
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

type Tree = { [key: string]: string | Tree };
const dir = path.resolve(import.meta.dirname, '../packages/core/src/i18n/locales');
const PLURAL = /_(zero|one|two|few|many|other)$/;

function flatten(tree: Tree, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, value] of Object.entries(tree)) {
    const full = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') out.set(full, value);
    else for (const [k, v] of flatten(value, full)) out.set(k, v);
  }
  return out;
}

const read = (lng: string) =>
  flatten(JSON.parse(readFileSync(path.join(dir, `${lng}.json`), 'utf8')) as Tree);
const fold = (keys: Iterable<string>) => new Set([...keys].map((k) => k.replace(PLURAL, '')));
const english = read('en');
const englishBase = fold(english.keys());
const wanted = process.argv.slice(2);
const languages = readdirSync(dir)
  .map((f) => f.replace(/\.json$/, ''))
  .filter((l) => l !== 'en' && (wanted.length === 0 || wanted.includes(l)));

let problems = 0;
for (const lng of languages) {
  const base = fold(read(lng).keys());
  const missing = [...englishBase].filter((k) => !base.has(k));
  const extra = [...base].filter((k) => !englishBase.has(k));
  if (missing.length || extra.length) {
    problems += 1;
    console.log(`${lng}: ${missing.length} missing, ${extra.length} extra`);
    for (const key of missing)
      console.log(`  - ${key}: ${JSON.stringify(english.get(key) ?? english.get(`${key}_other`))}`);
    for (const key of extra) console.log(`  + ${key}`);
  }
}
if (problems === 0) console.log(`All ${languages.length} languages have every English key.`);
