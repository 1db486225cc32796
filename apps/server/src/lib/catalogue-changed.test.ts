import { describe, expect, it } from 'vitest';
import { createChangeSignal } from './catalogue-changed.ts';

describe('createChangeSignal', () => {
  it('calls every subscriber on notify until it unsubscribes', () => {
    const signal = createChangeSignal();
    const seen: string[] = [];
    const stopA = signal.subscribe(() => seen.push('a'));
    signal.subscribe(() => seen.push('b'));
    signal.notify();
    stopA();
    signal.notify();
    expect(seen).toEqual(['a', 'b', 'b']);
  });
});
