import { createRequire } from 'node:module';
import path from 'node:path';
import { cruise, type IConfiguration, type IForbiddenRuleType } from 'dependency-cruiser';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../../../..');
const config = createRequire(import.meta.url)(path.join(root, '.dependency-cruiser.cjs')) as IConfiguration;
const SERVER_MODULES = '^apps/server/src/modules/';
const FIXTURE_MODULES = '^apps/server/test/architecture/fixture/modules/';

/** The project's own server rule, pointed at a fixture of two modules. */
function fixtureRules(): IForbiddenRuleType[] {
  const retarget = (value: unknown): unknown =>
    typeof value === 'string'
      ? value.replaceAll(SERVER_MODULES, FIXTURE_MODULES)
      : Array.isArray(value)
        ? value.map(retarget)
        : value && typeof value === 'object'
          ? Object.fromEntries(Object.entries(value).map(([k, v]) => [k, retarget(v)]))
          : value;
  return (config.forbidden ?? [])
    .filter((rule) => rule.name?.startsWith('server-'))
    .map((rule) => retarget(rule) as IForbiddenRuleType);
}

describe('the walls between server modules', () => {
  it('refuses an import of another module’s repository and allows its public face', async () => {
    const cwd = process.cwd();
    process.chdir(root);
    try {
      const result = await cruise(['apps/server/test/architecture/fixture'], {
        ruleSet: { forbidden: fixtureRules() },
        validate: true,
        tsPreCompilationDeps: true,
      });
      const output = result.output as {
        summary: { violations: { from: string; to: string; rule: { name: string } }[] };
      };
      expect(output.summary.violations.map((v) => [v.from, v.to, v.rule.name])).toEqual([
        [
          'apps/server/test/architecture/fixture/modules/shop/past-the-wall.ts',
          'apps/server/test/architecture/fixture/modules/orders/orders.repository.ts',
          'server-module-public-face',
        ],
      ]);
    } finally {
      process.chdir(cwd);
    }
  });
});
