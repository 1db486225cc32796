import { describe, expect, it } from 'vitest';
import { orderKeysMail } from './mail.templates.ts';

const PNG_CODE =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';
const SVG_CODE = 'data:image/svg+xml;base64,PHN2ZyB4bWxucz0iaHR0cDovL3d3dy53My5vcmcvMjAwMC9zdmciLz4=';

function mail(locale: 'en' | 'de', codes: string[]) {
  return orderKeysMail(locale, {
    id: 42,
    name: 'Ada',
    lines: [
      {
        title: 'Cool Depths',
        platform: 'Steam',
        quantity: codes.length,
        unitPrice: '€10.00',
        total: '€20.00',
        codes,
      },
    ],
    untaxed: '€16.81',
    tax: '€3.19',
    total: '€20.00',
    taxPercent: '19',
    consentText: 'I agree',
    consentAt: '2026-01-01T00:00:00.000Z',
    historyUrl: 'https://keyland.test/History',
  });
}

describe('order keys e-mail', () => {
  it('writes text keys as they are', () => {
    const rendered = mail('en', ['GV7FX-RHJJD-F4LRR']);
    expect(rendered.html).toContain('GV7FX-RHJJD-F4LRR');
    expect(rendered.text).toContain('  GV7FX-RHJJD-F4LRR');
  });

  it('replaces an image code by a line pointing to the purchase history, in the customer language', () => {
    const rendered = mail('en', ['GV7FX-RHJJD-F4LRR', PNG_CODE]);
    for (const body of [rendered.html, rendered.text]) {
      expect(body).not.toContain('data:image');
      expect(body).not.toContain('iVBORw0KGgo');
      expect(body).toContain('Your key is an image: open your purchase history to see it.');
      expect(body).toContain('GV7FX-RHJJD-F4LRR');
    }
    expect(rendered.text).toContain(
      '  Your key is an image: open your purchase history to see it. https://keyland.test/History',
    );
    expect(rendered.html).toMatch(
      /Your key is an image: open your purchase history to see it\. <a href="https:\/\/keyland\.test\/History">/,
    );
    const german = mail('de', [PNG_CODE]);
    expect(german.text).toContain('Ihr Schlüssel ist ein Bild');
    expect(german.html).not.toContain('data:image');
  });

  it('keeps a data URL that is not a supported image as (escaped) text', () => {
    const rendered = mail('en', [SVG_CODE]);
    expect(rendered.text).toContain(`  ${SVG_CODE}`);
    expect(rendered.html).not.toContain('Your key is an image');
  });
});

describe('plural texts in the order mail', () => {
  const withGames = (locale: 'en' | 'pl' | 'sl', games: number) =>
    orderKeysMail(locale, {
      id: 7,
      name: 'Ada',
      lines: Array.from({ length: games }, (_, i) => ({
        title: `Game ${i + 1}`,
        platform: 'Steam',
        quantity: 1,
        unitPrice: '€5.00',
        total: '€5.00',
        codes: [`CODE-${i}`],
      })),
      untaxed: '€4.10',
      tax: '€0.90',
      total: '€5.00',
      taxPercent: '22',
      consentText: 'I agree',
      consentAt: '2026-01-01T00:00:00.000Z',
      historyUrl: 'https://keyland.test/History',
    });

  it('chooses each language’s plural form of the number of games', () => {
    expect(withGames('en', 1).text).toContain('1 game\n');
    expect(withGames('en', 3).text).toContain('3 games');
    // Polish: one, few (2–4), many (5+).
    expect(withGames('pl', 1).text).toContain('1 gra');
    expect(withGames('pl', 3).text).toContain('3 gry');
    expect(withGames('pl', 5).html).toContain('5 gier');
    // Slovenian has a dual.
    expect(withGames('sl', 2).text).toContain('2 igri');
  });
});
