import type { ReactNode } from 'react';
import { cn } from '#src/lib/cn.ts';

export interface QuantityLine {
  title: string;
  platform: string;
  quantity: number;
}

/** The games of an order as short lines: "2 × Title · Platform" (a held order, keys not delivered yet). */
export function QuantityLines({
  lines,
  formatQuantity,
  testId,
  className,
}: {
  lines: QuantityLine[];
  /** The quantity with its "×", as the screen writes numbers. */
  formatQuantity: (quantity: number) => ReactNode;
  /** Each line's test id. */
  testId: string;
  /** The list's spacing from what is above it. */
  className?: string;
}): ReactNode {
  return (
    <ul className={cn('flex flex-col gap-1 text-sm text-ink', className)}>
      {lines.map((line) => (
        <li key={`${line.title}-${line.platform}`} data-testid={testId}>
          {formatQuantity(line.quantity)} {line.title}
          {line.platform ? <span className="text-ink-muted"> · {line.platform}</span> : null}
        </li>
      ))}
    </ul>
  );
}
