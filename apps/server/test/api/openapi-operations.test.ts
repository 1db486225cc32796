import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { KeySupplier } from '../../src/modules/supplier/supplier.port.ts';
import { buildTestApp, type TestContext } from '../helpers/test-app.ts';
import { testDbKind } from '../helpers/test-db.ts';

interface Operation {
  operationId?: string;
  summary?: string;
}

const OPERATION_ID = /^[a-z][a-zA-Z]+$/;
const METHODS = new Set(['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace']);

/** A supplier that is never called: it only makes the store register the supplier's routes too. */
const idleSupplier: KeySupplier = {
  kind: 'codeswholesale',
  canBuy: true,
  listProducts: async () => ({ items: [], next: null }),
  product: async () => null,
  description: async () => null,
  createOrder: async () => {
    throw new Error('not called');
  },
  findOrder: async () => undefined,
  getOrder: async () => {
    throw new Error('not called');
  },
};

describe(`every operation of the API document is named (${testDbKind})`, () => {
  let ctx: TestContext;
  let operations: { where: string; operation: Operation }[];

  beforeAll(async () => {
    ctx = await buildTestApp(
      {
        KEY_SUPPLIER: 'codeswholesale',
        CODESWHOLESALE_CLIENT_ID: 'keyland-test',
        CODESWHOLESALE_CLIENT_SECRET: 'keyland-test-secret',
        CODESWHOLESALE_CLIENT_SIGNATURE: 'keyland-test-signature',
        SUPPLIER_SYNC_INTERVAL: '0',
      },
      { keySupplier: idleSupplier },
    );
    const response = await ctx.app.inject({ method: 'GET', url: '/api/openapi.json' });
    expect(response.statusCode).toBe(200);
    const doc = response.json() as { paths: Record<string, Record<string, Operation>> };
    operations = Object.entries(doc.paths).flatMap(([path, methods]) =>
      Object.entries(methods)
        .filter(([method]) => METHODS.has(method))
        .map(([method, operation]) => ({ where: `${method.toUpperCase()} ${path}`, operation })),
    );
  });

  afterAll(async () => ctx?.close());

  it('reads the whole document, the supplier’s routes included', () => {
    expect(operations.length).toBeGreaterThan(50);
    expect(operations.map((o) => o.where)).toContain('POST /api/supplier/postback');
  });

  it('gives each operation an operationId (verb + noun, camelCase)', () => {
    const missing = operations.filter((o) => !o.operation.operationId).map((o) => o.where);
    const malformed = operations
      .filter((o) => o.operation.operationId && !OPERATION_ID.test(o.operation.operationId))
      .map((o) => `${o.where}: ${o.operation.operationId}`);
    expect(missing, `operations without an operationId:\n${missing.join('\n')}`).toEqual([]);
    expect(malformed, `operationIds not matching ${OPERATION_ID}:\n${malformed.join('\n')}`).toEqual([]);
  });

  it('never gives two operations the same operationId', () => {
    const byId = new Map<string, string[]>();
    for (const { where, operation } of operations) {
      if (!operation.operationId) continue;
      byId.set(operation.operationId, [...(byId.get(operation.operationId) ?? []), where]);
    }
    const repeated = [...byId]
      .filter(([, places]) => places.length > 1)
      .map(([id, places]) => `${id}: ${places.join(', ')}`);
    expect(repeated, `operationIds used more than once:\n${repeated.join('\n')}`).toEqual([]);
  });

  it('gives each operation a summary', () => {
    const missing = operations.filter((o) => !o.operation.summary?.trim()).map((o) => o.where);
    expect(missing, `operations without a summary:\n${missing.join('\n')}`).toEqual([]);
  });
});
