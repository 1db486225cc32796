import { describe, expect, it } from 'vitest';
import { type PageItem, pageItems } from './page-numbers.ts';

/** Compact form for readable expectations: numbers for pages, '…' for gaps. */
function render(items: PageItem[]): (number | '…')[] {
  return items.map((item) => (item.type === 'page' ? item.page : '…'));
}

describe('pageItems', () => {
  it('has no pages when there are no results', () => {
    expect(pageItems(1, 0)).toEqual([]);
    expect(pageItems(1, Number.NaN)).toEqual([]);
  });

  it('shows every page when there are few', () => {
    expect(render(pageItems(1, 1))).toEqual([1]);
    expect(render(pageItems(3, 5))).toEqual([1, 2, 3, 4, 5]);
  });

  it('keeps the pages within 2 of the current one, plus the first and last with ellipses', () => {
    expect(render(pageItems(1, 10))).toEqual([1, 2, 3, '…', 10]);
    expect(render(pageItems(6, 12))).toEqual([1, '…', 4, 5, 6, 7, 8, '…', 12]);
    expect(render(pageItems(10, 10))).toEqual([1, '…', 8, 9, 10]);
  });

  it('shows a single hidden page instead of an ellipsis', () => {
    expect(render(pageItems(5, 10))).toEqual([1, 2, 3, 4, 5, 6, 7, '…', 10]);
    expect(render(pageItems(6, 10))).toEqual([1, '…', 4, 5, 6, 7, 8, 9, 10]);
  });

  it('clamps a current page outside the range', () => {
    expect(render(pageItems(0, 4))).toEqual([1, 2, 3, 4]);
    expect(render(pageItems(99, 20))).toEqual([1, '…', 18, 19, 20]);
  });

  it('gives the two gaps distinct keys', () => {
    const gaps = pageItems(10, 20).filter((item) => item.type === 'gap');
    expect(gaps).toEqual([
      { type: 'gap', key: 'start' },
      { type: 'gap', key: 'end' },
    ]);
  });
});
