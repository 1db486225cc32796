/**
 * The one allow-list of the store's rich text (game descriptions and minimum requirements): the server
 * cleans with it before storing and again before answering (sanitize-html), the web app before inserting
 * (DOMPurify). Anything not listed — scripts, styles, forms, frames, SVG, event handlers, javascript:,
 * data: and vbscript: addresses — is removed; the text inside removed elements is kept, except inside
 * scripts and styles.
 */

/** Tags a description may use: text structure, emphasis, lists, tables, links and images. */
export const RICH_TEXT_TAGS: readonly string[] = [
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

/** Attributes a description may use, on any allowed tag. */
export const RICH_TEXT_ATTRIBUTES: readonly string[] = [
  'href',
  'src',
  'alt',
  'title',
  'width',
  'height',
  'colspan',
  'rowspan',
];

/** Attributes whose value is free text (DOMPurify's "URI-safe" attributes among ours). */
export const RICH_TEXT_TEXT_ATTRIBUTES: readonly string[] = ['alt', 'title'];

/**
 * What every other attribute's value must look like (after removing whitespace, as DOMPurify does):
 * web links, mail links, addresses on the store itself, fragments, or a plain size ("120", "50%").
 * Never javascript:, data:, vbscript: or protocol-relative addresses.
 */
export const RICH_TEXT_VALUE_PATTERN = /^(?:https?:|mailto:|\/(?!\/)|#|\d{1,5}%?$)/i;

/** Characters DOMPurify removes from a value before testing it (its ATTR_WHITESPACE). */
// biome-ignore lint/suspicious/noControlCharactersInRegex: the class is DOMPurify's, which starts at NUL.
const ATTRIBUTE_WHITESPACE = /[\u0000-\u0020\u00a0\u1680\u180e\u2000-\u2029\u205f\u3000]/g;

/** Whether an allowed attribute may keep this value (the same test on the server and in the browser). */
export function isAllowedRichTextValue(attribute: string, value: string): boolean {
  if (RICH_TEXT_TEXT_ATTRIBUTES.includes(attribute)) return true;
  return RICH_TEXT_VALUE_PATTERN.test(value.replace(ATTRIBUTE_WHITESPACE, ''));
}

/** Links in a description leave the store in a new tab and carry neither referrer nor ranking. */
export const RICH_TEXT_LINK_TARGET = '_blank';
export const RICH_TEXT_LINK_REL = 'noopener noreferrer nofollow ugc';

/**
 * Whether a text holds markup at all: a `<` that starts a tag, end tag, comment or declaration, as an
 * HTML parser would read it. Text without one is plain text whatever else it contains, and is stored
 * and shown as it is (its `&` and `<` are not rewritten as entities).
 */
export function hasMarkup(text: string): boolean {
  return /<[a-z!/?]/i.test(text);
}
