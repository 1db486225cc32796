import { errorCodes } from '@keyland/core/errors';
import { locales } from '@keyland/core/locales';
import { describe, expect, it } from 'vitest';

const localeFiles = import.meta.glob<Record<string, unknown>>(
  '../../../../packages/core/src/i18n/locales/*.json',
  {
    eager: true,
    import: 'default',
  },
);
const byLanguage = new Map(
  Object.entries(localeFiles).map(([file, resources]) => [file.replace(/^.*\/|\.json$/g, ''), resources]),
);

function read(language: string): Record<string, unknown> {
  const resources = byLanguage.get(language);
  if (!resources) throw new Error(`No translation file for ${language}`);
  return resources;
}

/** Every key path of a nested translation object ('nav.store', 'errors.NOT_FOUND', …). */
function keys(value: unknown, prefix = ''): string[] {
  if (typeof value !== 'object' || value === null) return [prefix];
  return Object.entries(value).flatMap(([key, child]) => keys(child, prefix ? `${prefix}.${key}` : key));
}

function get(resources: Record<string, unknown>, key: string): unknown {
  return key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown>)?.[part], resources);
}

const PLURAL_SUFFIX = /_(zero|one|two|few|many|other)$/;

/** Keys with i18next plural suffixes folded ('results_one', 'results_few' → 'results'). */
function baseKeys(resources: Record<string, unknown>): string[] {
  return [...new Set(keys(resources).map((key) => key.replace(PLURAL_SUFFIX, '')))].sort();
}

/** The `{{name}}` variables of every key, plural forms folded together. */
function variables(resources: Record<string, unknown>): Map<string, string> {
  const found = new Map<string, Set<string>>();
  for (const key of keys(resources)) {
    const text = String(get(resources, key));
    const base = key.replace(PLURAL_SUFFIX, '');
    const names = found.get(base) ?? new Set<string>();
    for (const match of text.matchAll(/\{\{\s*(\w+)[^}]*\}\}/g)) if (match[1]) names.add(match[1]);
    found.set(base, names);
  }
  return new Map([...found].map(([key, names]) => [key, [...names].sort().join(',')]));
}

const languages = [...byLanguage.keys()];
const english = read('en');

describe('translation files', () => {
  it('exist only for the 24 supported languages, with English and Spanish complete', () => {
    for (const language of languages) expect(locales).toContain(language);
    expect(languages).toContain('en');
    expect(languages).toContain('es');
  });

  it.each(languages)('%s has exactly the English keys (plural forms aside)', (language) => {
    expect(baseKeys(read(language))).toEqual(baseKeys(english));
  });

  it.each(languages)('%s has every plural form its language needs, and no other', (language) => {
    const categories = new Intl.PluralRules(language).resolvedOptions().pluralCategories;
    const resources = read(language);
    const plurals = new Set(
      keys(english)
        .filter((k) => PLURAL_SUFFIX.test(k))
        .map((k) => k.replace(PLURAL_SUFFIX, '')),
    );
    for (const base of plurals) {
      const forms = keys(resources)
        .filter((k) => k.replace(PLURAL_SUFFIX, '') === base && PLURAL_SUFFIX.test(k))
        .map((k) => PLURAL_SUFFIX.exec(k)?.[1])
        .sort();
      expect(forms, `${language} ${base}`).toEqual([...categories].sort());
    }
  });

  it.each(languages)('%s uses the same interpolation variables as English', (language) => {
    expect(Object.fromEntries(variables(read(language)))).toEqual(Object.fromEntries(variables(english)));
  });

  it.each(languages)('%s has no empty text', (language) => {
    const resources = read(language);
    for (const key of keys(resources))
      expect(String(get(resources, key)).trim(), `${language} ${key}`).not.toBe('');
  });

  it('translate every error code of the API', () => {
    for (const language of languages) {
      for (const code of errorCodes)
        expect(get(read(language), `errors.${code}`), `${language} ${code}`).toBeTruthy();
    }
  });

  it("keep the spec's Spanish texts word for word", () => {
    const spanish = read('es');
    const quoted: Record<string, string> = {
      'catalogue.noResults': 'Sin resultados',
      'auth.loginFailed': 'Correo o contraseña incorrectos',
      'auth.forgotFailed': 'No se pudo enviar el correo. Verifica tu email.',
      'auth.forgotSent': 'Instrucciones enviadas a tu correo. Redirigiendo...',
      'auth.resetNoToken': 'Token no válido o faltante.',
      'auth.resetPasswordsMismatch': 'Las contraseñas no coinciden.',
      'auth.resetFailed': 'No se pudo cambiar la contraseña.',
      'auth.resetExpired': 'El enlace ha expirado o es inválido.',
      'auth.registerPasswordsMismatch': 'Las contraseñas no coinciden',
      'auth.emailExists': 'El correo ya está registrado',
      'auth.userUpOk': 'Usuario registrado correctamente',
      'auth.createCustomerFailed': 'Error creando el cliente',
      'checkout.noSessionId': 'No se ha encontrado el identificador de la sesión',
      'checkout.orderFailed': 'Error de red o del servidor',
      'checkout.cancelled': 'Pago cancelado: Tu pedido no se ha procesado. Puedes intentarlo de nuevo.',
      'checkout.noSummary': 'No hay resumen de compra disponible.',
      'profile.updated': 'Perfil actualizado correctamente',
      'product.noDescription': 'Cargando producto o no se encontró descripción.',
      'admin.wrongCode': 'Código incorrecto',
      'errors.INVALID_CREDENTIALS': 'Correo o contraseña incorrectos',
      'errors.EMAIL_TAKEN': 'El correo ya está registrado',
    };
    for (const [key, text] of Object.entries(quoted)) expect(get(spanish, key), key).toBe(text);
  });
});
