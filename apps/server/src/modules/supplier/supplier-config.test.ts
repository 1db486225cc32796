import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../config/env.ts';
import { createKeySupplier } from './create-supplier.ts';

describe('key supplier and game data settings', () => {
  it('defaults to the store’s own stock and no game database, with nothing scheduled', () => {
    const config = loadConfig({});
    expect(config.keySupplier).toBe('embedded');
    expect(config.codesWholesale).toBeUndefined();
    expect(config.supplier).toEqual({ syncIntervalMs: 0, marginPercent: 25, floorCents: 99 });
    expect(config.gameData).toBe('none');
    expect(config.rawg).toBeUndefined();
    expect(createKeySupplier(config).canBuy).toBe(false);
  });

  it('requires the CodesWholesale credentials and defaults to its sandbox and an hourly sync', () => {
    expect(() => loadConfig({ KEY_SUPPLIER: 'codeswholesale' })).toThrow(
      /CODESWHOLESALE_CLIENT_ID.*\n.*CODESWHOLESALE_CLIENT_SECRET/s,
    );
    const config = loadConfig({
      KEY_SUPPLIER: 'codeswholesale',
      CODESWHOLESALE_CLIENT_ID: 'id',
      CODESWHOLESALE_CLIENT_SECRET: 'secret',
      SUPPLIER_MARGIN_PERCENT: '30',
      SUPPLIER_PRICE_FLOOR: '1.49',
    });
    expect(config.codesWholesale).toEqual({
      baseUrl: 'https://sandbox.codeswholesale.com',
      clientId: 'id',
      clientSecret: 'secret',
      clientSignature: undefined,
    });
    expect(config.supplier).toEqual({ syncIntervalMs: 3_600_000, marginPercent: 30, floorCents: 149 });
    expect(createKeySupplier(config)).toMatchObject({ kind: 'codeswholesale', canBuy: true });
    expect(() => loadConfig({ SUPPLIER_SYNC_INTERVAL: '-5' })).toThrow(/SUPPLIER_SYNC_INTERVAL/);
  });

  it('requires a RAWG key and defaults to RAWG’s own API at 4 requests per second', () => {
    expect(() => loadConfig({ GAME_DATA: 'rawg' })).toThrow(/RAWG_API_KEY/);
    expect(loadConfig({ GAME_DATA: 'rawg', RAWG_API_KEY: 'k' }).rawg).toEqual({
      apiKey: 'k',
      baseUrl: 'https://api.rawg.io/api',
      ratePerSecond: 4,
    });
  });
});
