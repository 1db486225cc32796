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
