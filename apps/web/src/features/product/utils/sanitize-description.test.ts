import { describe, expect, it } from 'vitest';
// The server's sanitiser, to prove that both sides apply the one allow-list (@keyland/core/rich-text) alike.
import { sanitizeRichText } from '../../../../../server/src/lib/rich-text.ts';
import { sanitizeDescription } from './sanitize-description.ts';

/** The DOM a fragment of HTML parses to, as HTML, without the loading hints only the browser adds. */
function normalised(html: string): string {
  const template = document.createElement('template');
  template.innerHTML = html;
  for (const image of template.content.querySelectorAll('img')) {
    image.removeAttribute('loading');
    image.removeAttribute('decoding');
  }
  return template.innerHTML;
}

const cases = [
  '<img src=x onerror=alert(1)><script>alert(1)</script><a href="javascript:alert(1)">x</a><p>ok</p>',
  '<a href="https://example.com/" target="_self" rel="opener" onclick="x">site</a><a target="_blank">no</a>',
  '<img src="https://example.com/a.png" width="100" height="50%" alt="A &quot;b&quot;" title="t">',
  '<img src="data:image/png;base64,AAAA"><img src="//evil.example/x"><img src=" java\tscript:alert(1)">',
  '<table><thead><tr><th rowspan="2">h</th></tr></thead><tbody><tr><td colspan="2" style="color:red">x</td></tr></tbody></table>',
  '<h1>Title</h1><h2 class="x" id="y">Sub</h2><svg><animate onbegin=alert(1) /></svg><iframe src="https://evil.example"></iframe>',
  '<a href=" java\tscript:alert(1)">j</a><a href="mailto:a@example.com">m</a><a href="/product?x=1&y=2">s</a><a href="#top">t</a>',
  '<p>ok</p><!-- comment --><style>p{}</style><form action="javascript:1"><input value=1><button>b</button></form>',
  '<ul><li><strong>Bold</strong> <em>it</em> <u>u</u> <del>d</del> <small>s</small> <sub>1</sub><sup>2</sup></li></ul>',
  '<div><span title="x" data-x="1" aria-label="y">span</span><pre><code>code</code></pre><hr><br></div>',
  '<blockquote cite="javascript:alert(1)">q</blockquote><dl><dt>t</dt><dd>d</dd></dl><h6>h6</h6>',
  '<a href="vbscript:msgbox(1)">v</a><a href="data:text/html,<script>alert(1)</script>">d</a><a href="http://x.example">h</a>',
  '<p onmouseover="x" width="javascript:1" height="12">sizes</p><img src="/media/a.webp" width="//x">',
];

describe('one allow-list on the server and in the browser', () => {
  it.each(cases)('cleans %s alike', (html) => {
    const browser = normalised(sanitizeDescription(html));
    const server = normalised(sanitizeRichText(html));
    expect(server).toBe(browser);
    expect(browser).not.toMatch(/script|onerror|onclick|onbegin|onmouseover|style=|data:|vbscript/i);
  });
});
