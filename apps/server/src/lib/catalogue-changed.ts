/**
 * A signal fired in this process whenever what the catalogue shows may have changed: a game's price,
 * visibility, details or cover, or its number of available keys. Caches of catalogue answers subscribe to
 * it; code that writes such changes calls `catalogueChanged.notify()` after its transaction commits.
 */
export interface ChangeSignal {
  subscribe(listener: () => void): () => void;
  notify(): void;
}

export function createChangeSignal(): ChangeSignal {
  const listeners = new Set<() => void>();
  return {
    subscribe(listener) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
    notify() {
      for (const listener of listeners) listener();
    },
  };
}

export const catalogueChanged = createChangeSignal();
