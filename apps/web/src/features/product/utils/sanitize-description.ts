import {
  isAllowedRichTextValue,
  RICH_TEXT_ATTRIBUTES,
  RICH_TEXT_LINK_REL,
  RICH_TEXT_LINK_TARGET,
  RICH_TEXT_TAGS,
  RICH_TEXT_VALUE_PATTERN,
} from '@keyland/core/rich-text';
import DOMPurify, { type DOMPurify as Purifier } from 'dompurify';

/** Text that contains at least one HTML tag (or comment); anything else is shown as plain text. */
const HAS_TAG = /<\/?[a-z][\w:-]*(\s[^>]*)?\/?>|<!--/i;

export function looksLikeHtml(text: string): boolean {
  return HAS_TAG.test(text);
}

let purifier: Purifier | undefined;

function getPurifier(): Purifier {
  if (purifier) return purifier;
  const instance = DOMPurify(window);
  // The shared rule for values (the server's sanitiser applies the same one): DOMPurify would otherwise
  // also keep data: addresses on images.
  instance.addHook('uponSanitizeAttribute', (_node, data) => {
    if (
      RICH_TEXT_ATTRIBUTES.includes(data.attrName) &&
      !isAllowedRichTextValue(data.attrName, data.attrValue)
    ) {
      data.keepAttr = false;
    }
  });
  instance.addHook('afterSanitizeAttributes', (node) => {
    if (node.tagName === 'A' && node.hasAttribute('href')) {
      // Links in a supplier's text leave the store in a new tab and carry neither referrer nor ranking.
      node.setAttribute('target', RICH_TEXT_LINK_TARGET);
      node.setAttribute('rel', RICH_TEXT_LINK_REL);
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
 * javascript:/data: links are removed (DOMPurify with the store's one allow-list, @keyland/core/rich-text,
 * which the server applies before storing and answering), and links open in a new tab.
 */
export function sanitizeDescription(html: string): string {
  // On the server (the page rendered there, docs/decisions/034) there is no DOM to purify in: the text is
  // the API's answer, which the server's sanitiser already reduced to this same allow-list.
  if (typeof window === 'undefined') return html;
  return getPurifier().sanitize(html, {
    ALLOWED_TAGS: [...RICH_TEXT_TAGS],
    ALLOWED_ATTR: [...RICH_TEXT_ATTRIBUTES],
    ALLOWED_URI_REGEXP: RICH_TEXT_VALUE_PATTERN,
    ADD_ATTR: ['target', 'rel', 'loading', 'decoding'],
    ALLOW_DATA_ATTR: false,
    ALLOW_ARIA_ATTR: false,
    KEEP_CONTENT: true,
  });
}
