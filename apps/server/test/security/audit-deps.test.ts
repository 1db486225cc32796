import { describe, expect, it } from 'vitest';
import { classifyAudit } from '../../../../scripts/audit-deps.ts';

const report = (counts: Record<string, number>, vulnerabilities: Record<string, { severity: string }> = {}) =>
  JSON.stringify({
    auditReportVersion: 2,
    vulnerabilities,
    metadata: {
      vulnerabilities: { info: 0, low: 0, moderate: 0, high: 0, critical: 0, total: 0, ...counts },
    },
  });

describe('the dependency audit step', () => {
  it('fails on high or critical advisories and names the packages', () => {
    const outcome = classifyAudit(
      report(
        { high: 1, critical: 1, total: 2 },
        { fastify: { severity: 'high' }, pg: { severity: 'critical' } },
      ),
    );
    expect(outcome).toMatchObject({ kind: 'fail', packages: ['fastify (high)', 'pg (critical)'] });
  });

  it('passes with only low or moderate advisories', () => {
    expect(classifyAudit(report({ low: 2, moderate: 1, total: 3 })).kind).toBe('pass');
    expect(classifyAudit(report({})).kind).toBe('pass');
  });

  it('skips with the reason when the audit service cannot be reached', () => {
    const unreachable = JSON.stringify({
      message: '405 Method Not Allowed - POST https://registry.npmjs.org/-/npm/v1/security/advisories/bulk',
      statusCode: 405,
    });
    expect(classifyAudit(unreachable)).toEqual({
      kind: 'skip',
      reason: '405 Method Not Allowed - POST https://registry.npmjs.org/-/npm/v1/security/advisories/bulk',
    });
    expect(classifyAudit(JSON.stringify({ error: { code: 'ENOTFOUND', summary: '' } }))).toMatchObject({
      kind: 'skip',
    });
    expect(classifyAudit('')).toMatchObject({ kind: 'skip' });
    expect(classifyAudit('npm ERR! something')).toMatchObject({ kind: 'skip' });
  });
});
