import {
  hasMarkup,
  isAllowedRichTextValue,
  RICH_TEXT_ATTRIBUTES,
  RICH_TEXT_LINK_REL,
  RICH_TEXT_LINK_TARGET,
  RICH_TEXT_TAGS,
} from '@keyland/core/rich-text';
import sanitizeHtml from 'sanitize-html';

/** Each attribute of the allow-list keeps its value only when the shared rule accepts it. */
function keepAllowedValues(tagName: string, attribs: sanitizeHtml.Attributes): sanitizeHtml.Tag {
  const kept: sanitizeHtml.Attributes = {};
  for (const [name, value] of Object.entries(attribs)) {
    if (RICH_TEXT_ATTRIBUTES.includes(name) && isAllowedRichTextValue(name, value)) kept[name] = value;
  }
  if (tagName === 'a' && kept.href !== undefined) {
    kept.target = RICH_TEXT_LINK_TARGET;
    kept.rel = RICH_TEXT_LINK_REL;
  }
  return { tagName, attribs: kept };
}

const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [...RICH_TEXT_TAGS],
  allowedAttributes: { '*': [...RICH_TEXT_ATTRIBUTES], a: [...RICH_TEXT_ATTRIBUTES, 'target', 'rel'] },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesAppliedToAttributes: ['href', 'src'],
  allowProtocolRelative: false,
  allowVulnerableTags: false,
  transformTags: { '*': keepAllowedValues },
  disallowedTagsMode: 'discard',
  nonTextTags: ['script', 'style', 'textarea', 'option', 'noscript', 'template', 'iframe', 'xmp', 'noembed'],
};

/**
 * Rich text (a game's description or minimum requirements) made safe, with the allow-list the web app's
 * DOMPurify uses (@keyland/core/rich-text): applied before storing and again before any answer carries
 * the text, so no consumer of the API — page, mail, feed — ever receives live markup, whatever reached the
 * database. Text without markup is returned as it is: plain text stays plain text.
 */
export function sanitizeRichText(text: string): string {
  if (!hasMarkup(text)) return text;
  return sanitizeHtml(text, OPTIONS).trim();
}

/** `sanitizeRichText` for an optional text; blank (or nothing left) is null. */
export function sanitizeOptionalRichText(text: string | null | undefined): string | null {
  if (!text?.trim()) return null;
  const clean = sanitizeRichText(text);
  return clean.trim() === '' ? null : clean;
}
