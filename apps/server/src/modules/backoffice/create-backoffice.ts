import type { Config } from '../../config/env.ts';
import type { BackOffice } from './backoffice.port.ts';
import { createEmbeddedBackOffice } from './embedded.adapter.ts';
import { createOdooBackOffice } from './odoo.adapter.ts';

/** The back office chosen by BACKOFFICE. */
export function createBackOffice(config: Config): BackOffice {
  switch (config.backoffice) {
    case 'embedded':
      return createEmbeddedBackOffice();
    case 'odoo':
      if (!config.odoo) throw new Error('BACKOFFICE=odoo needs ODOO_URL and ODOO_PASSWORD');
      return createOdooBackOffice(config.odoo);
  }
}
