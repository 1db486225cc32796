import type { ReactNode } from 'react';

/** The Keyland mark: a key drawn in the brand green. */
export function LogoMark({ className }: { className?: string }): ReactNode {
  return (
    <svg viewBox="0 0 32 32" aria-hidden="true" className={className}>
      <rect width="32" height="32" rx="8" className="fill-raised" />
      <circle cx="12" cy="16" r="6" fill="none" className="stroke-brand" strokeWidth="3" />
      <path
        d="M18 16h10M24 16v5M28 16v3"
        fill="none"
        className="stroke-brand"
        strokeWidth="3"
        strokeLinecap="round"
      />
    </svg>
  );
}
