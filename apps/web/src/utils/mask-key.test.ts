import { describe, expect, it } from 'vitest';
import { displayKey, MASKED_KEY } from './mask-key.ts';

describe('key masking', () => {
  it('is exactly 14 dots, whatever the length of the key', () => {
    expect(MASKED_KEY).toBe('••••••••••••••');
    expect([...MASKED_KEY]).toHaveLength(14);
    expect(displayKey('AB2W-8H28-TN4W', false)).toBe(MASKED_KEY);
    expect(displayKey('XXXXX-XXXXX-XXXXX-XXXXX-XXXXX', false)).toBe(MASKED_KEY);
    expect(displayKey('ABC', false)).toBe(MASKED_KEY);
  });

  it('shows the key itself once revealed', () => {
    expect(displayKey('AB2W-8H28-TN4W', true)).toBe('AB2W-8H28-TN4W');
  });
});
