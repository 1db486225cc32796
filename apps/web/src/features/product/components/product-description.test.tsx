import { cleanup, render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { sanitizeDescription } from '#src/features/product/utils/sanitize-description.ts';
import { i18n } from '#src/lib/i18n.ts';
import { setupI18n } from '#src/testing/test-utils.tsx';
import { ProductDescription } from './product-description.tsx';

declare global {
  interface Window {
    __xss?: number;
  }
}

const hostile =
  '<img src=x onerror="window.__xss=1"><p>ok</p><a href="javascript:alert(1)">x</a>' +
  '<script>window.__xss=2</script><a href="https://example.com/" onclick="window.__xss=3">site</a>' +
  '<svg><animate onbegin="window.__xss=4" /></svg><iframe src="https://evil.example"></iframe>' +
  '<p style="position:fixed" onmouseover="window.__xss=5">styled</p>';

function renderDescription(description: string | null) {
  return render(
    <I18nextProvider i18n={i18n}>
      <ProductDescription description={description} />
    </I18nextProvider>,
  );
}

describe('ProductDescription', () => {
  beforeAll(() => setupI18n('es'));
  afterEach(() => {
    cleanup();
    delete window.__xss;
  });

  it('renders a hostile description without its handlers, scripts or javascript: links', async () => {
    renderDescription(hostile);
    const box = screen.getByTestId('product-description');

    expect(box.textContent).toContain('ok');
    expect(box.textContent).toContain('styled');
    const html = box.innerHTML;
    expect(html).not.toMatch(/onerror|onclick|onbegin|onmouseover/i);
    expect(html).not.toMatch(/javascript:/i);
    expect(html).not.toMatch(/<script|<iframe|<svg|style=/i);

    const image = box.querySelector('img');
    expect(image).not.toBeNull();
    expect(image?.getAttributeNames().filter((name) => name.startsWith('on'))).toEqual([]);
    for (const link of box.querySelectorAll('a')) {
      expect(link.getAttribute('href') ?? '').not.toMatch(/^\s*javascript:/i);
    }
    const site = screen.getByRole('link', { name: 'site' });
    expect(site.getAttribute('href')).toBe('https://example.com/');
    expect(site.getAttribute('rel')).toContain('noopener');

    // Give an image error a chance to fire: nothing ran.
    image?.dispatchEvent(new Event('error'));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(window.__xss).toBeUndefined();
  });

  it('keeps text without tags as plain text, escaped', () => {
    renderDescription('Levels 1 < 2 & bosses > 3\n\nSecond paragraph');
    const box = screen.getByTestId('product-description');
    expect(box.querySelectorAll('p')).toHaveLength(2);
    expect(box.textContent).toContain('Levels 1 < 2 & bosses > 3');
  });

  it("shows the spec's placeholder when there is no description", () => {
    renderDescription('   ');
    expect(screen.getByTestId('product-description').textContent).toBe(
      'Cargando producto o no se encontró descripción.',
    );
  });

  it('sanitises with the exact example of the spec', () => {
    const clean = sanitizeDescription(
      '<img src=x onerror="window.__xss=1"><p>ok</p><a href="javascript:alert(1)">x</a>',
    );
    // The relative src "x" is dropped too: only http(s) addresses and store paths are kept.
    expect(clean).toBe('<img loading="lazy" decoding="async"><p>ok</p><a>x</a>');
  });
});
