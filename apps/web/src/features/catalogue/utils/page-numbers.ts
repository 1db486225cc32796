export type PageItem = { type: 'page'; page: number } | { type: 'gap'; key: 'start' | 'end' };

/**
 * The page buttons of the catalogue pagination: pages within `siblings` (2) of the current page, plus
 * the first and last page with an ellipsis for each run of hidden pages. A run of a single hidden page
 * shows that page instead, since an ellipsis would take the same room and hide it.
 */
export function pageItems(current: number, totalPages: number, siblings = 2): PageItem[] {
  if (!Number.isFinite(totalPages) || totalPages < 1) return [];
  const total = Math.floor(totalPages);
  const page = Math.min(Math.max(1, Math.floor(current) || 1), total);
  const start = Math.max(1, page - siblings);
  const end = Math.min(total, page + siblings);

  const items: PageItem[] = [];
  const pushPage = (n: number) => items.push({ type: 'page', page: n });

  if (start > 1) {
    pushPage(1);
    if (start === 3) pushPage(2);
    else if (start > 3) items.push({ type: 'gap', key: 'start' });
  }
  for (let n = start; n <= end; n++) pushPage(n);
  if (end < total) {
    if (end === total - 2) pushPage(total - 1);
    else if (end < total - 2) items.push({ type: 'gap', key: 'end' });
    pushPage(total);
  }
  return items;
}
