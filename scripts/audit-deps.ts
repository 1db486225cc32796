import { spawnSync } from 'node:child_process';

/**
 * The registry's audit of the production dependencies: fails on high or critical advisories, and skips
 * with a clear message when the audit service cannot be reached (offline machines, registries or
 * mirrors without the advisory endpoint).
 */
export type AuditOutcome =
  | { kind: 'pass'; counts: Record<string, number> }
  | { kind: 'fail'; counts: Record<string, number>; packages: string[] }
  | { kind: 'skip'; reason: string };

const BLOCKING = ['high', 'critical'];

/** Reads `npm audit --json` output (whatever its exit code) into an outcome. */
export function classifyAudit(stdout: string): AuditOutcome {
  let report: {
    metadata?: { vulnerabilities?: Record<string, number> };
    vulnerabilities?: Record<string, { severity?: string }>;
    error?: { code?: string; summary?: string };
    message?: string;
    statusCode?: number;
  };
  try {
    report = JSON.parse(stdout || '{}');
  } catch {
    return { kind: 'skip', reason: 'the audit answered something that is not JSON' };
  }
  const counts = report.metadata?.vulnerabilities;
  if (!counts) {
    const reason =
      report.message || report.error?.summary || report.error?.code || 'no answer from the audit service';
    return { kind: 'skip', reason };
  }
  const blocking = BLOCKING.reduce((sum, level) => sum + (counts[level] ?? 0), 0);
  if (blocking === 0) return { kind: 'pass', counts };
  const packages = Object.entries(report.vulnerabilities ?? {})
    .filter(([, v]) => BLOCKING.includes(v.severity ?? ''))
    .map(([name, v]) => `${name} (${v.severity})`);
  return { kind: 'fail', counts, packages };
}

if (import.meta.main) {
  const run = spawnSync('npm', ['audit', '--omit=dev', '--audit-level=high', '--json'], {
    encoding: 'utf8',
    timeout: 120_000,
  });
  const outcome = classifyAudit(run.stdout ?? '');
  if (outcome.kind === 'skip') {
    process.stdout.write(
      `SKIPPED: the dependency audit could not reach the audit service (${outcome.reason}).\n`,
    );
  } else if (outcome.kind === 'pass') {
    process.stdout.write(
      `No high or critical advisories in production dependencies (${JSON.stringify(outcome.counts)}).\n`,
    );
  } else {
    process.stderr.write(
      `High or critical advisories in production dependencies:\n  ${outcome.packages.join('\n  ')}\nRun \`npm audit --omit=dev\` for details.\n`,
    );
    process.exit(1);
  }
}
