import type { ReactNode } from 'react';
import { looksLikeHtml } from '#src/features/product/utils/sanitize-description.ts';
import { ProductDescription } from './product-description.tsx';

const LABELLED = /^([^:\n]{1,40}):\s*(.+)$/;

/**
 * Minimum requirements: 'Label: value' lines become a definition list, other text stays as lines, and
 * HTML goes through the same sanitiser as the description.
 */
export function MinimumRequirements({ text }: { text: string }): ReactNode {
  if (looksLikeHtml(text)) return <ProductDescription description={text} className="text-sm" />;
  const lines = text
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean);
  const rows = lines.map((line) => LABELLED.exec(line));
  if (rows.every((row) => row !== null)) {
    return (
      <dl className="grid grid-cols-1 gap-x-4 gap-y-1 text-sm sm:grid-cols-[minmax(0,9rem)_minmax(0,1fr)]">
        {rows.map((row, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: lines of a fixed text never move.
          <div key={index} className="contents">
            <dt className="font-medium text-ink-muted sm:pt-1">{row?.[1]}</dt>
            <dd className="mb-2 break-words text-ink sm:mb-0 sm:pt-1">{row?.[2]}</dd>
          </div>
        ))}
      </dl>
    );
  }
  return (
    <ul className="flex flex-col gap-1 text-sm text-ink">
      {lines.map((line, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: lines of a fixed text never move.
        <li key={index} className="break-words">
          {line}
        </li>
      ))}
    </ul>
  );
}
