import type { ButtonHTMLAttributes, ReactNode } from 'react';
import { cn } from '#src/lib/cn.ts';

export type ButtonVariant = 'primary' | 'secondary' | 'ghost';
export type ButtonSize = 'sm' | 'md' | 'card';

const base =
  'inline-flex shrink-0 items-center justify-center gap-2 rounded-lg font-semibold transition-colors ' +
  'disabled:cursor-not-allowed disabled:opacity-60 aria-disabled:cursor-not-allowed aria-disabled:opacity-60';

const variants: Record<ButtonVariant, string> = {
  primary: 'bg-brand text-on-brand hover:bg-brand-strong disabled:hover:bg-brand',
  secondary: 'border border-line-strong bg-raised text-ink hover:border-brand/60 hover:bg-line',
  ghost: 'text-ink-muted hover:bg-raised hover:text-ink',
};

const sizes: Record<ButtonSize, string> = {
  sm: 'min-h-9 px-3 text-sm',
  md: 'min-h-11 px-4 text-sm',
  /** Full-width actions inside a narrow catalogue card: smaller text on phones, room to wrap. */
  card: 'min-h-10 w-full px-2 py-2 text-xs leading-tight sm:px-4 sm:text-sm',
};

/** Added to a primary button whose action deletes or gives something up for good (a confirmation's). */
export const dangerClasses = 'bg-red-600 text-white hover:bg-red-500 disabled:hover:bg-red-600';

/** The classes of a button, for links and triggers that must look like one. */
export function buttonClasses({
  variant = 'primary',
  size = 'md',
  wrap = false,
  className,
}: {
  variant?: ButtonVariant;
  size?: ButtonSize;
  /** Let a long label wrap onto a second line (narrow cards) instead of keeping it on one. */
  wrap?: boolean;
  className?: string | undefined;
} = {}): string {
  return cn(
    base,
    variants[variant],
    sizes[size],
    wrap ? 'text-center text-balance' : 'whitespace-nowrap',
    className,
  );
}

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: ButtonVariant;
  size?: ButtonSize;
}

export function Button({ variant, size, className, type = 'button', ...props }: ButtonProps): ReactNode {
  return <button type={type} className={buttonClasses({ variant, size, className })} {...props} />;
}
