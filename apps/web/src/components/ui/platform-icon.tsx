import { type PlatformGroup, platformGroupOf } from '@keyland/core/platforms';
import { Gamepad2, Gift, Globe } from 'lucide-react';
import type { ReactNode } from 'react';
import {
  siApple,
  siBattledotnet,
  siEa,
  siEpicgames,
  siGogdotcom,
  siPlaystation,
  siRockstargames,
  siSteam,
  siUbisoft,
} from 'simple-icons';

/** Brand marks from simple-icons where the brand is covered; a neutral icon for the rest. */
const brandPaths: Partial<Record<PlatformGroup, string>> = {
  Steam: siSteam.path,
  Epic: siEpicgames.path,
  GOG: siGogdotcom.path,
  Ubisoft: siUbisoft.path,
  EA: siEa.path,
  BattleNet: siBattledotnet.path,
  Rockstar: siRockstargames.path,
  PlayStation: siPlaystation.path,
  Apple: siApple.path,
};

/** The icon of a platform text ('Steam', 'PS5', …); decorative, the platform name is always written next to it. */
export function PlatformIcon({ platform, className }: { platform: string; className?: string }): ReactNode {
  const group = platformGroupOf(platform);
  const path = brandPaths[group];
  if (path) {
    return (
      <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false" className={className} fill="currentColor">
        <path d={path} />
      </svg>
    );
  }
  if (group === 'GiftLink') return <Gift aria-hidden="true" className={className} />;
  if (group === 'Official') return <Globe aria-hidden="true" className={className} />;
  return <Gamepad2 aria-hidden="true" className={className} />;
}
