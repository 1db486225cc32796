import sanitizeHtml from 'sanitize-html';

/**
 * Server-side cleaning of HTML from outside sources before it is stored: text formatting, lists, headings
 * and http(s) links only; no scripts, handlers, styles, frames or images. The web sanitises again at
 * display.
 */
export function sanitizeGameHtml(html: string | null | undefined): string | null {
  if (!html?.trim()) return null;
  const clean = sanitizeHtml(html, {
    allowedTags: [
      'p',
      'br',
      'strong',
      'b',
      'em',
      'i',
      'u',
      'ul',
      'ol',
      'li',
      'h2',
      'h3',
      'h4',
      'h5',
      'blockquote',
      'a',
    ],
    allowedAttributes: { a: ['href', 'rel', 'target'] },
    allowedSchemes: ['http', 'https'],
    allowProtocolRelative: false,
    transformTags: {
      h1: 'h2',
      a: sanitizeHtml.simpleTransform('a', { rel: 'noopener noreferrer nofollow', target: '_blank' }),
    },
    disallowedTagsMode: 'discard',
  }).trim();
  return clean === '' ? null : clean;
}
