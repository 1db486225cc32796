import { describe, expect, it } from 'vitest';
import { platformGroupOf } from './platforms.ts';

describe('platformGroupOf', () => {
  it.each([
    ['Steam Key', 'Steam'],
    ['steam', 'Steam'],
    ['XBOX ONE', 'Xbox'],
    ['Xbox Series X|S', 'Xbox'],
    ['PS5', 'PlayStation'],
    ['PS4', 'PlayStation'],
    ['PlayStation Network', 'PlayStation'],
    ['Nintendo Switch', 'Nintendo'],
    ['EA App', 'EA'],
    ['Origin', 'EA'],
    ['Battle.net', 'BattleNet'],
    ['Epic Games Store', 'Epic'],
    ['GOG.com', 'GOG'],
    ['Ubisoft Connect', 'Ubisoft'],
    ['Rockstar Games Launcher', 'Rockstar'],
    ['Bethesda.net', 'Bethesda'],
    ['Apple App Store', 'Apple'],
    ['Gift Link', 'GiftLink'],
    ['Official website', 'Official'],
    ['', 'Other'],
    ['Sega', 'Other'],
  ] as const)('%s → %s', (platform, group) => {
    expect(platformGroupOf(platform)).toBe(group);
  });

  it('treats missing platforms as Other', () => {
    expect(platformGroupOf(undefined)).toBe('Other');
    expect(platformGroupOf(null)).toBe('Other');
  });
});
