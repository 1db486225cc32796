import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { cruise, type IConfiguration } from 'dependency-cruiser';
import { afterAll, describe, expect, it } from 'vitest';

/**
 * The web rules of the repository's .dependency-cruiser.cjs (`npm run lint:deps`), unchanged, run over a
 * small web app written to a temporary folder: a feature reaching into another feature (through the
 * alias and through a relative path), a feature importing app/, and shared UI importing a feature.
 */
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
const config = createRequire(import.meta.url)(path.join(root, '.dependency-cruiser.cjs')) as IConfiguration;
const webRules = (config.forbidden ?? []).filter((rule) => rule.name?.startsWith('web-'));

const fixture: Record<string, string> = {
  'apps/web/package.json': JSON.stringify({ type: 'module', imports: { '#src/*': './src/*' } }),
  'apps/web/src/components/ui/button.ts': "export const button = 'button';\n",
  'apps/web/src/components/ui/leaky.ts':
    "import { orders } from '#src/features/orders/api/orders.ts';\nexport const leaky = orders;\n",
  'apps/web/src/lib/session.ts': "export const session = 'session';\n",
  'apps/web/src/features/orders/api/orders.ts':
    "import { session } from '#src/lib/session.ts';\nexport const orders = [session];\n",
  'apps/web/src/features/orders/components/orders-view.ts':
    "import { orders } from '#src/features/orders/api/orders.ts';\nimport { shelf } from '../../shop/components/shelf.ts';\nexport const view = [orders, shelf];\n",
  'apps/web/src/features/shop/components/shelf.ts':
    "import { button } from '#src/components/ui/button.ts';\nimport { orders } from '#src/features/orders/api/orders.ts';\nimport { price } from './price.ts';\nexport const shelf = [button, orders, price];\n",
  'apps/web/src/features/shop/components/price.ts': 'export const price = 1;\n',
  'apps/web/src/features/shop/components/to-app.ts':
    "import { page } from '#src/app/routes/page.ts';\nexport const back = page;\n",
  'apps/web/src/app/routes/page.ts':
    "import { view } from '#src/features/orders/components/orders-view.ts';\nimport { shelf } from '#src/features/shop/components/shelf.ts';\nexport const page = [view, shelf];\n",
};

const base = mkdtempSync(path.join(tmpdir(), 'keyland-walls-'));
afterAll(() => rmSync(base, { recursive: true, force: true }));

describe('the walls between web features', () => {
  it('refuses feature-to-feature, feature-to-app and shared-to-feature imports, and allows the rest', async () => {
    for (const [file, text] of Object.entries(fixture)) {
      mkdirSync(path.dirname(path.join(base, file)), { recursive: true });
      writeFileSync(path.join(base, file), text);
    }
    const result = await cruise(['apps/web/src'], {
      baseDir: base,
      ruleSet: { forbidden: webRules },
      validate: true,
      tsPreCompilationDeps: true,
    });
    const output = result.output as {
      summary: { violations: { from: string; to: string; rule: { name: string } }[] };
    };
    const violations = output.summary.violations.map((v) => [v.from, v.to, v.rule.name]).sort();
    expect(violations).toEqual([
      [
        'apps/web/src/components/ui/leaky.ts',
        'apps/web/src/features/orders/api/orders.ts',
        'web-shared-below-features',
      ],
      [
        'apps/web/src/features/orders/components/orders-view.ts',
        'apps/web/src/features/shop/components/shelf.ts',
        'web-feature-walls',
      ],
      [
        'apps/web/src/features/shop/components/shelf.ts',
        'apps/web/src/features/orders/api/orders.ts',
        'web-feature-walls',
      ],
      [
        'apps/web/src/features/shop/components/to-app.ts',
        'apps/web/src/app/routes/page.ts',
        'web-features-below-app',
      ],
    ]);
  });
});
