import { describe, expect, it } from 'vitest';
import { hasMarkup, isAllowedRichTextValue } from './rich-text.ts';

describe('isAllowedRichTextValue', () => {
  it.each([
    ['href', 'https://example.com/'],
    ['href', 'http://example.com/'],
    ['href', 'mailto:shop@example.com'],
    ['href', '/product?title=x'],
    ['href', '#top'],
    ['src', '/media/covers/x.webp'],
    ['width', '120'],
    ['height', '50%'],
    ['alt', 'javascript: is only text here'],
    ['title', '" onmouseover="x'],
  ])('keeps %s="%s"', (attribute, value) => {
    expect(isAllowedRichTextValue(attribute, value)).toBe(true);
  });

  it.each([
    ['href', 'javascript:alert(1)'],
    ['href', ' java\tscript:alert(1)'],
    ['href', 'JaVaScRiPt:alert(1)'],
    ['href', 'vbscript:msgbox(1)'],
    ['href', 'data:text/html,<script>alert(1)</script>'],
    ['src', 'data:image/png;base64,AAAA'],
    ['src', '//evil.example/x.png'],
    ['src', 'x'],
    ['width', '100px; background:url(x)'],
  ])('refuses %s="%s"', (attribute, value) => {
    expect(isAllowedRichTextValue(attribute, value)).toBe(false);
  });
});

describe('hasMarkup', () => {
  it.each(['<p>x</p>', 'a <b>bold</b>', '</p>', '<!-- c -->', '<svg/onload=alert(1)>', '<?xml?>'])(
    'sees markup in %s',
    (text) => expect(hasMarkup(text)).toBe(true),
  );
  it.each(['Levels 1 < 2 & bosses > 3', '<3 love', 'a<-b', '&lt;script&gt;', ''])(
    'sees plain text in %s',
    (text) => expect(hasMarkup(text)).toBe(false),
  );
});
