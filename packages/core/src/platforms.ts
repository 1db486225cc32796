/** Platform groups of the redemption help; any platform text is matched loosely to one of them. */
export const platformGroups = [
  'Other',
  'GiftLink',
  'Official',
  'Steam',
  'Epic',
  'GOG',
  'Ubisoft',
  'EA',
  'BattleNet',
  'Rockstar',
  'Xbox',
  'PlayStation',
  'Nintendo',
  'Bethesda',
  'Apple',
] as const;

export type PlatformGroup = (typeof platformGroups)[number];

/** Ordered rules: the first pattern that matches the normalised platform text wins. */
const RULES: readonly [RegExp, PlatformGroup][] = [
  [/gift ?link|giftlink/, 'GiftLink'],
  [/official|publisher|web ?site/, 'Official'],
  [/steam/, 'Steam'],
  [/epic/, 'Epic'],
  [/\bgog\b|gog\.com|gog galaxy/, 'GOG'],
  [/ubisoft|uplay/, 'Ubisoft'],
  [/\bea\b|ea app|origin|electronic arts/, 'EA'],
  [/battle ?\.? ?net|blizzard/, 'BattleNet'],
  [/rockstar/, 'Rockstar'],
  [/xbox|microsoft store|\bxb(one|x|s)\b/, 'Xbox'],
  [/playstation|\bps ?[345]\b|\bpsn\b/, 'PlayStation'],
  [/nintendo|switch|\beshop\b/, 'Nintendo'],
  [/bethesda/, 'Bethesda'],
  [/apple|\bios\b|mac ?os|app store/, 'Apple'],
];

export function platformGroupOf(platform: string | null | undefined): PlatformGroup {
  const text = (platform ?? '').normalize('NFKD').toLowerCase().trim();
  if (!text) return 'Other';
  for (const [pattern, group] of RULES) if (pattern.test(text)) return group;
  return 'Other';
}

/** Length of a key on platforms whose codes have a fixed length (used by the redemption help). */
export const KEY_LENGTHS: Partial<Record<PlatformGroup, number>> = {
  Xbox: 25,
  PlayStation: 12,
  Nintendo: 16,
};
