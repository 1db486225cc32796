import { describe, expect, it } from 'vitest';
import { escapeHtml, injectHead, jsonForScript, plainSummary } from './product-page.ts';

describe('product page head helpers', () => {
  it('escapes HTML text and attribute values', () => {
    expect(escapeHtml(`<a href="x" title='y'>&</a>`)).toBe(
      '&lt;a href=&quot;x&quot; title=&#39;y&#39;&gt;&amp;&lt;/a&gt;',
    );
  });

  it('writes JSON that cannot close a script element and still parses back', () => {
    const value = { name: '</script><!-- \u2028 & "q"' };
    const text = jsonForScript(value);
    expect(text).not.toMatch(/[<>&\u2028]/);
    expect(JSON.parse(text)).toEqual(value);
  });

  it('summarises an HTML description as plain text cut at a word', () => {
    expect(plainSummary('<p>Hello <b>world</b></p><script>x()</script>')).toBe('Hello world');
    const long = plainSummary(`<p>${'word '.repeat(60)}</p>`, 50);
    expect(long.length).toBeLessThanOrEqual(50);
    expect(long.endsWith('word…')).toBe(true);
  });

  it('replaces the title and description of index.html and keeps the rest', () => {
    const html =
      '<html><head><meta charset="UTF-8"><meta\n name="description"\n content="d" />\n<title>K</title></head><body></body></html>';
    const out = injectHead(html, '<title>New</title>');
    expect(out).toContain('<meta charset="UTF-8">');
    expect(out).not.toContain('content="d"');
    expect(out.match(/<title>/g)).toHaveLength(1);
    expect(out.indexOf('<title>New</title>')).toBeLessThan(out.indexOf('</head>'));
  });
});
