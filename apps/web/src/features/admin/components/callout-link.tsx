import { ArrowRight } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { cn } from '#src/lib/cn.ts';

/** A dashboard callout's way to the screen it speaks of, with an arrow; `className` sizes and places it. */
export function CalloutLink({
  to,
  className,
  children,
}: {
  to: string;
  className: string;
  children: ReactNode;
}): ReactNode {
  return (
    <Link
      to={to}
      className={cn(
        'inline-flex items-center gap-1.5 self-start font-semibold text-brand-strong underline-offset-4 hover:underline',
        className,
      )}
    >
      {children}
      <ArrowRight aria-hidden="true" className="size-4" />
    </Link>
  );
}
