import { readFileSync } from 'node:fs';
import path from 'node:path';
import { platformGroups } from '@keyland/core/platforms';
import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { platformMarks, platformMarksSvg } from '../../../platform-marks.ts';
import { PlatformIcon } from './platform-icon.tsx';

const sprite = readFileSync(path.join(import.meta.dirname, 'platform-marks.svg'), 'utf8');

describe('PlatformIcon', () => {
  it('points a brand platform into the marks sprite, whose symbol holds the brand mark of simple-icons', () => {
    const { container } = render(<PlatformIcon platform="Steam" className="size-4" />);
    const svg = container.querySelector('svg');
    expect(svg?.getAttribute('aria-hidden')).toBe('true');
    expect(svg?.getAttribute('class')).toBe('size-4');
    const href = container.querySelector('use')?.getAttribute('href') ?? '';
    expect(href).toMatch(/platform-marks[^/]*\.svg#Steam$/);
    const symbol = new DOMParser()
      .parseFromString(sprite, 'image/svg+xml')
      .querySelector('symbol#Steam path')
      ?.getAttribute('d');
    expect(symbol).toBe(platformMarks.Steam.path);
  });

  it('has a symbol for every platform it points into, and a neutral icon for the others', () => {
    const document = new DOMParser().parseFromString(sprite, 'image/svg+xml');
    for (const group of platformGroups) {
      const { container, unmount } = render(<PlatformIcon platform={group} />);
      const href = container.querySelector('use')?.getAttribute('href');
      if (href) {
        expect(href.endsWith(`#${group}`), group).toBe(true);
        expect(document.querySelector(`symbol[id="${group}"] path`), group).not.toBeNull();
      } else {
        expect(container.querySelector('svg'), group).not.toBeNull();
        expect(group in platformMarks, group).toBe(false);
      }
      unmount();
    }
  });

  it('the sprite is what simple-icons draws today (npm run marks -w @keyland/web writes it again)', () => {
    expect(sprite).toBe(platformMarksSvg());
  });
});
