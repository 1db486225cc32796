import { type PlatformGroup, platformGroupOf } from '@keyland/core/platforms';
import { Gamepad2, Gift, Globe } from 'lucide-react';
import type { ReactNode } from 'react';
import marksUrl from './platform-marks.svg?url';

/**
 * The platforms without a brand mark (a neutral icon instead); every other platform's mark is a symbol of
 * platform-marks.svg (simple-icons; written by apps/web/platform-marks.ts), an image the browser caches,
 * not part of a page's code.
 */
const withoutMark: ReadonlySet<PlatformGroup> = new Set([
  'Other',
  'GiftLink',
  'Official',
  'Xbox',
  'Nintendo',
  'Bethesda',
]);

/** The icon of a platform text ('Steam', 'PS5', …); decorative, the platform name is always written next to it. */
export function PlatformIcon({ platform, className }: { platform: string; className?: string }): ReactNode {
  const group = platformGroupOf(platform);
  if (!withoutMark.has(group)) {
    return (
      <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false" className={className} fill="currentColor">
        <use href={`${marksUrl}#${group}`} />
      </svg>
    );
  }
  if (group === 'GiftLink') return <Gift aria-hidden="true" className={className} />;
  if (group === 'Official') return <Globe aria-hidden="true" className={className} />;
  return <Gamepad2 aria-hidden="true" className={className} />;
}
