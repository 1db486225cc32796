import { randomInt } from 'node:crypto';

/** A source of numbers in [0, 1), like Math.random. */
export type RandomSource = () => number;

/** A seeded, reproducible source (mulberry32): the same seed always yields the same sequence. */
export function seededRandom(seed: number): RandomSource {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

/** An unpredictable source backed by the operating system's CSPRNG. */
export const cryptoRandom: RandomSource = () => randomInt(0, 2 ** 47) / 2 ** 47;

/** Helpers over a random source. */
export interface Rng {
  next: RandomSource;
  /** An integer in [min, max], both included. */
  int(min: number, max: number): number;
  chance(probability: number): boolean;
  pick<T>(items: readonly T[]): T;
  /** `count` distinct items in random order (all of them when count exceeds the length). */
  sample<T>(items: readonly T[], count: number): T[];
  shuffle<T>(items: readonly T[]): T[];
  /** Picks a key with probability proportional to its weight. */
  weighted<K extends string>(weights: Readonly<Record<K, number>>): K;
  /** Picks the value of one `[value, weight]` pair with probability proportional to its weight. */
  weightedPick<T>(entries: readonly (readonly [T, number])[]): T;
}

export function createRng(source: RandomSource): Rng {
  const int = (min: number, max: number) => min + Math.floor(source() * (max - min + 1));
  const shuffle = <T>(items: readonly T[]): T[] => {
    const copy = [...items];
    for (let i = copy.length - 1; i > 0; i--) {
      const j = int(0, i);
      [copy[i], copy[j]] = [copy[j] as T, copy[i] as T];
    }
    return copy;
  };
  const weightedPick = <T>(entries: readonly (readonly [T, number])[]): T => {
    const last = entries[entries.length - 1];
    if (!last) throw new Error('Cannot pick from an empty list');
    const total = entries.reduce((sum, [, weight]) => sum + weight, 0);
    let roll = source() * total;
    for (const [value, weight] of entries) {
      roll -= weight;
      if (roll < 0) return value;
    }
    return last[0];
  };
  return {
    next: source,
    int,
    chance: (probability) => source() < probability,
    pick: <T>(items: readonly T[]): T => {
      if (items.length === 0) throw new Error('Cannot pick from an empty list');
      return items[int(0, items.length - 1)] as T;
    },
    sample: (items, count) => shuffle(items).slice(0, count),
    shuffle,
    weighted: <K extends string>(weights: Readonly<Record<K, number>>): K =>
      weightedPick(Object.entries(weights) as [K, number][]),
    weightedPick,
  };
}
