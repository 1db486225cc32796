import { type KeySupplier, SupplierError } from './supplier.port.ts';

/** The store's own key stock only: no outside catalogue, nothing can be bought on demand. */
export function createEmbeddedSupplier(): KeySupplier {
  const nothing = (): never => {
    throw new SupplierError('rejected', 'The embedded supplier sells only the store’s own keys');
  };
  return {
    kind: 'embedded',
    canBuy: false,
    listProducts: async () => ({ items: [], next: null }),
    product: async () => null,
    description: async () => null,
    createOrder: async () => nothing(),
    getOrder: async () => nothing(),
    findOrder: async () => undefined,
  };
}
