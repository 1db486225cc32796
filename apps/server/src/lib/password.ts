import { availableParallelism } from 'node:os';
import { hash, verify } from '@node-rs/argon2';

/** `Algorithm.Argon2id` of @node-rs/argon2 (a const enum, which erasable TypeScript cannot import). */
const ARGON2ID = 2;

/** argon2id with at least OWASP's minimum parameters (m = 19 MiB, t = 2, p = 1). */
const PARAMS = { algorithm: ARGON2ID, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

/**
 * At most this many hashes run at once, so that a burst of logins queues here instead of filling the
 * thread pool that file and DNS work also need.
 */
export const MAX_CONCURRENT_HASHES = Math.max(1, Math.min(4, availableParallelism() - 1));
let running = 0;
const waiting: (() => void)[] = [];

async function bounded<T>(work: () => Promise<T>): Promise<T> {
  // A finishing hash hands its slot straight to the next waiter, so the bound holds exactly.
  if (running >= MAX_CONCURRENT_HASHES) await new Promise<void>((resolve) => waiting.push(resolve));
  else running += 1;
  try {
    return await work();
  } finally {
    const next = waiting.shift();
    if (next) next();
    else running -= 1;
  }
}

/** Hashes running right now (for tests and metrics). */
export function hashesInFlight(): number {
  return running;
}

export function hashPassword(password: string): Promise<string> {
  return bounded(() => hash(password, PARAMS));
}

export function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  return bounded(async () => {
    try {
      return await verify(passwordHash, password);
    } catch {
      return false;
    }
  });
}
