import { describe, expect, it } from 'vitest';
import { isPagePath, pagePatterns, productHref } from './pages.ts';

describe('isPagePath', () => {
  it('knows every page of the app', () => {
    for (const pattern of pagePatterns) expect(isPagePath(pattern.replace(':id', '12')), pattern).toBe(true);
  });

  it('matches as the router does: any letter case, trailing slashes, percent-encoding', () => {
    expect(isPagePath('/history')).toBe(true);
    expect(isPagePath('/HISTORY/')).toBe(true);
    expect(isPagePath('/login//')).toBe(true);
    expect(isPagePath('/log%69n')).toBe(true);
    expect(isPagePath('/admin/orders/abc')).toBe(true);
  });

  it('refuses any other path', () => {
    for (const path of [
      '/nope',
      '/login/extra',
      '/admin/orders/1/2',
      '/admin//orders',
      '/checkout/other',
      '/%E0%A4%A',
      '',
      'login',
    ])
      expect(isPagePath(path), path).toBe(false);
  });
});

describe('productHref', () => {
  it('is the product page with the slug and the provider id, encoded', () => {
    expect(productHref('lumen-drift', 'kl-1')).toBe('/product?title=lumen-drift&session=kl-1');
    expect(productHref('a b&c', 'x/y')).toBe('/product?title=a%20b%26c&session=x%2Fy');
  });
});
