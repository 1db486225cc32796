import { buildApp } from './app.ts';
import { ConfigError, loadConfig } from './config/env.ts';
import { seedIfEmpty } from './db/seed/seed.ts';
import { openRuntime } from './runtime.ts';

async function main(): Promise<void> {
  const config = loadConfig();
  const runtime = await openRuntime(config);
  const seeded = config.seedOnEmpty ? await seedIfEmpty(runtime, config.dataDir) : undefined;
  const app = await buildApp(config, runtime);

  let closing = false;
  const close = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    const force = setTimeout(() => process.exit(1), 10_000);
    force.unref();
    // /readyz answers 503 from now on; close() stops listening (connections queued at this process move to
    // another one listening on the port, see deploy/cluster.ts), lets in-flight requests finish — a request
    // arriving on an open connection meanwhile is served and answered with `Connection: close` — then runs
    // the onClose hooks (the mail dispatcher and every scheduled job finish their round).
    app.drain.draining = true;
    try {
      await app.close();
      await runtime.dbHandle.close();
    } catch (error) {
      app.log.error({ err: error }, 'shutdown was not clean');
      process.exit(1);
    }
    process.exit(0);
  };
  process.on('SIGTERM', () => void close('SIGTERM'));
  process.on('SIGINT', () => void close('SIGINT'));

  // Node's own listen option; Fastify passes it on.
  const listen = { host: config.host, port: config.port, reusePort: config.reusePort };
  await app.listen(listen);
  const embedded = config.databaseUrl === undefined;
  const lines = [`Keyland is running at ${config.publicUrl}`];
  if (embedded && seeded?.demoAccounts) {
    // Demo credentials exist only in the embedded mode and are printed for the person starting the store.
    lines.push('Demo accounts (embedded mode only):');
    for (const account of seeded.demoAccounts) {
      lines.push(`  ${account.role.padEnd(5)}  ${account.email}  /  ${account.password}`);
    }
  }
  process.stdout.write(`\n${lines.join('\n')}\n\n`);
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError) {
    process.stderr.write(`${error.message}\n`);
  } else {
    process.stderr.write(
      `Keyland could not start: ${error instanceof Error ? error.message : String(error)}\n`,
    );
  }
  process.exit(1);
});
