import { escapeHtml } from './escape-html.ts';

/**
 * The Open Graph tags of a page shared as a link (the card a chat or a social network shows): its kind,
 * the shop's name, the page's title, description, address and image, escaped. The shop's pages and the
 * product pages write them in this order.
 */
export function openGraphTags(page: {
  type: 'website' | 'product';
  title: string;
  description: string;
  url: string;
  image: string;
}): string[] {
  const tags: [property: string, content: string][] = [
    ['og:type', page.type],
    ['og:site_name', 'Keyland'],
    ['og:title', page.title],
    ['og:description', page.description],
    ['og:url', page.url],
    ['og:image', page.image],
  ];
  return tags.map(
    ([property, content]) => `<meta property="${property}" content="${escapeHtml(content)}" data-ssr />`,
  );
}
