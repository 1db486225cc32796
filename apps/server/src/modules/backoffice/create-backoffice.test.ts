import { describe, expect, it } from 'vitest';
import { type Config, loadConfig } from '../../config/env.ts';
import { createBackOffice } from './create-backoffice.ts';

const base = { NODE_ENV: 'test', WEB_DIST_DIR: '' } as const;

describe('createBackOffice', () => {
  it('uses the store database by default', () => {
    expect(createBackOffice(loadConfig(base)).kind).toBe('embedded');
  });

  it('uses Odoo when BACKOFFICE=odoo, over either protocol', () => {
    for (const protocol of ['jsonrpc', 'json2']) {
      const config = loadConfig({
        ...base,
        BACKOFFICE: 'odoo',
        ODOO_URL: 'https://odoo.keyland.test/',
        ODOO_DB: 'keyland',
        ODOO_USER: 'store-bot@keyland.test',
        ODOO_PASSWORD: 'secret',
        ODOO_PROTOCOL: protocol,
      });
      expect(createBackOffice(config).kind).toBe('odoo');
    }
  });

  it('refuses an Odoo choice without its settings', () => {
    const config: Config = { ...loadConfig(base), backoffice: 'odoo', odoo: undefined };
    expect(() => createBackOffice(config)).toThrow(/ODOO_URL/);
  });
});
