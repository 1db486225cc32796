import DOMPurify, { type DOMPurify as Purifier } from 'dompurify';

/** Text that contains at least one HTML tag (or comment); anything else is shown as plain text. */
const HAS_TAG = /<\/?[a-z][\w:-]*(\s[^>]*)?\/?>|<!--/i;

export function looksLikeHtml(text: string): boolean {
  return HAS_TAG.test(text);
}

/** Tags a game description may use: text structure, emphasis, lists, tables, links and images. */
const ALLOWED_TAGS = [
  'a',
  'b',
  'blockquote',
  'br',
  'code',
  'dd',
  'del',
  'div',
  'dl',
  'dt',
  'em',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'hr',
  'i',
  'img',
  'li',
  'ol',
  'p',
  'pre',
  'small',
  'span',
  'strong',
  'sub',
  'sup',
  'table',
  'tbody',
  'td',
  'th',
  'thead',
  'tr',
  'u',
  'ul',
];
const ALLOWED_ATTR = ['href', 'src', 'alt', 'title', 'width', 'height', 'colspan', 'rowspan'];
/** Only web links, mail links and addresses on the store itself; never javascript:, data: or vbscript:. */
const ALLOWED_URI_REGEXP = /^(?:https?:|mailto:|\/(?!\/)|#)/i;

let purifier: Purifier | undefined;

function getPurifier(): Purifier {
  if (purifier) return purifier;
  const instance = DOMPurify(window);
  instance.addHook('afterSanitizeAttributes', (node) => {
    if (node.tagName === 'A' && node.hasAttribute('href')) {
      // Links in a supplier's text leave the store in a new tab and carry neither referrer nor ranking.
      node.setAttribute('target', '_blank');
      node.setAttribute('rel', 'noopener noreferrer nofollow ugc');
    }
    if (node.tagName === 'IMG') {
      node.setAttribute('loading', 'lazy');
      node.setAttribute('decoding', 'async');
    }
  });
  purifier = instance;
  return instance;
}

/**
 * A description's HTML made safe to insert: scripts, styles, forms, frames, event handlers and
 * javascript:/data: links are removed (DOMPurify with an allow-list), and links open in a new tab.
 */
export function sanitizeDescription(html: string): string {
  return getPurifier().sanitize(html, {
    ALLOWED_TAGS,
    ALLOWED_ATTR,
    ALLOWED_URI_REGEXP,
    ADD_ATTR: ['target', 'rel', 'loading', 'decoding'],
    ALLOW_DATA_ATTR: false,
    ALLOW_ARIA_ATTR: false,
    KEEP_CONTENT: true,
  });
}
