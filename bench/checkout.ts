/**
 * Checkout-to-keys benchmark on PostgreSQL: concurrent customers each loop over draft order → add line →
 * checkout session (local provider) → signed provider event → fulfilment. Ends with queries proving no key
 * was oversold or sold twice. Writes bench/results/checkout.md.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { loadConfig } from '../apps/server/src/config/env.ts';
import { hashPassword } from '../apps/server/src/lib/password.ts';
import { signPayload } from '../apps/server/src/modules/payments/webhook-signature.ts';
import { openRuntime } from '../apps/server/src/runtime.ts';
import { insertCustomer, insertGame } from '../apps/server/test/factories.ts';
import { CONSENT, createCustomer } from './lib/client.ts';
import {
  type BenchOptions,
  cpuSeconds,
  dropDatabase,
  fmt,
  freshDatabase,
  machine,
  pass,
  percentile,
  postgresCpuSeconds,
  RESULTS,
  SHARED_NOTE,
  serverEnv,
  sleep,
  startServer,
  table,
} from './lib/common.ts';

const PASSWORD = 'bench-customer-password-42';

interface CheckoutRun {
  instances: number;
  /** Rounds started per second by all customers together when paced (a fixed arrival rate); none: flat out. */
  pace?: number;
  elapsed: number;
  fulfilled: number;
  soldOut: number;
  failures: string[];
  fulfilments: number[];
  flows: number[];
  integrity: Record<string, number>;
  /** CPU seconds from the measured window's start until its last order's documents were sent. */
  cpu: { store: number; postgres: number; loadGenerator: number };
}

/** CPU seconds used so far by the store processes, PostgreSQL and this process (the load generator). */
function cpuNow(storePids: (number | undefined)[]) {
  const own = process.cpuUsage();
  return {
    store: storePids.reduce((sum: number, pid) => sum + cpuSeconds(pid), 0),
    postgres: postgresCpuSeconds(),
    loadGenerator: (own.user + own.system) / 1e6,
  };
}

/**
 * One measured run on a fresh database: `instances` store processes on it, the customers split evenly
 * between them (sessions live in the database, so any instance would do; no load balancer in between).
 */
async function runCheckout(options: BenchOptions, instances: number, pace?: number): Promise<CheckoutRun> {
  const log = (text: string) =>
    process.stdout.write(`[checkout ×${instances}${pace ? ` at ${fmt(pace, 1)} rounds/s` : ''}] ${text}\n`);
  const dbName = `keyland_bench_checkout_${instances}`;
  const databaseUrl = await freshDatabase(dbName);
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'keyland-bench-checkout-'));
  // Each customer checks out far more often than a person: the fraud velocity caps are off.
  const env = serverEnv({
    DATABASE_URL: databaseUrl,
    DATA_DIR: dataDir,
    CHECKOUT_LIMIT_ACCOUNT_HOUR: '0',
    CHECKOUT_LIMIT_ACCOUNT_DAY: '0',
  });
  const webhookSecret = env.LOCAL_PAYMENT_WEBHOOK_SECRET ?? '';

  // Plenty of keys on most games; one scarce game that every customer also tries, to race for its keys.
  const runtime = await openRuntime(loadConfig({ ...env, LOG_LEVEL: 'silent' }));
  const products: string[] = [];
  let scarce = '';
  const customers: { email: string }[] = [];
  try {
    const keysPerGame = Math.max(200, Math.ceil((options.duration * 400) / 20));
    for (let i = 0; i < 20; i++) {
      const { game } = await insertGame(
        runtime.dbHandle.db,
        runtime.keyVault,
        { title: `Bench Game ${i}`, priceCents: 999 + i },
        { keys: keysPerGame },
      );
      products.push(game.productId);
    }
    const { game } = await insertGame(
      runtime.dbHandle.db,
      runtime.keyVault,
      // Priced like the others: fraud screening holds a basket far above what the customer paid before.
      { title: 'Bench Scarce Game', priceCents: 1099 },
      { keys: 25 },
    );
    scarce = game.productId;
    const passwordHash = await hashPassword(PASSWORD);
    for (let i = 0; i < options.customers; i++) {
      // Regulars of the shop (accounts a month old), as most buyers are: a new account counts in screening.
      const { customer } = await insertCustomer(runtime.dbHandle.db, {
        passwordHash,
        createdAt: new Date(Date.now() - 30 * 24 * 3_600_000),
      });
      customers.push({ email: customer.email });
    }
  } finally {
    await runtime.dbHandle.close();
  }

  const servers = [];
  for (let i = 0; i < instances; i++) servers.push(await startServer(env));
  log(`${instances} store process(es) ready; ${options.customers} customers for ${options.duration} s`);
  const flows: number[] = [];
  const fulfilments: number[] = [];
  let soldOut = 0;
  const failures: string[] = [];
  let fulfilled = 0;
  let stopAt = 0;
  let measuring = false;
  // Paced: the customers take turns on one schedule of round starts, `1 / pace` seconds apart, each waiting
  // for its start (an arrival rate, as real shoppers come, not as fast as the answers allow).
  let nextStart = 0;
  const waitForTurn = async () => {
    if (!pace) return;
    const slot = Math.max(nextStart, Date.now());
    nextStart = slot + 1000 / pace;
    if (slot > Date.now()) await sleep(slot - Date.now());
  };

  async function shopper(index: number) {
    const server = servers[index % servers.length];
    if (!server) throw new Error('no store process');
    const customer = createCustomer(server.url);
    const login = await customer.post('/api/kl_api/login', {
      email: customers[index]?.email,
      password: PASSWORD,
    });
    if (login.status !== 200) throw new Error(`login failed: ${login.status}`);
    let round = 0;
    while (Date.now() < stopAt) {
      await waitForTurn();
      if (Date.now() >= stopAt) break;
      round += 1;
      const productId =
        round % 4 === 0 ? scarce : (products[(index + round) % products.length] ?? products[0]);
      const began = performance.now();
      const added = await customer.post('/api/kl_api/add_or_update_order_line', {
        cws_product_id: productId,
      });
      if (added.status === 409 && added.body.error === 'OUT_OF_STOCK') {
        soldOut += measuring ? 1 : 0;
        continue;
      }
      if (added.status !== 200) {
        failures.push(`add line ${added.status}`);
        continue;
      }
      const started = await customer.post('/api/create-checkout-session', {
        consent: CONSENT,
        items: [],
        orderData: { total: 0.01 },
      });
      if (started.status === 409 && started.body.error === 'OUT_OF_STOCK') {
        soldOut += measuring ? 1 : 0;
        // Empty the draft so that the next round buys something else.
        const removed = await customer.post('/api/kl_api/remove_order_line', { cws_product_id: productId });
        if (removed.status !== 200) failures.push(`remove line ${removed.status}`);
        continue;
      }
      if (started.status !== 200) {
        failures.push(`checkout ${started.status} ${String(started.body.error)}`);
        continue;
      }
      const sessionId = new URL(String(started.body.url)).pathname.split('/').pop() ?? '';
      const payload = JSON.stringify({
        id: `evt_bench_${randomBytes(12).toString('hex')}`,
        type: 'checkout.session.completed',
        created: Math.floor(Date.now() / 1000),
        data: {
          object: {
            sessionId,
            orderId: Number(started.body.order_id),
            status: 'complete',
            paymentStatus: 'paid',
            amountTotalCents: null,
            currency: 'eur',
          },
        },
      });
      const eventAt = performance.now();
      const event = await fetch(`${server.url}/api/payments/webhook/local`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'stripe-signature': signPayload(payload, webhookSecret),
        },
        body: payload,
      });
      await event.text();
      const done = performance.now();
      if (event.status !== 200) {
        failures.push(`event ${event.status}`);
        continue;
      }
      if (measuring) {
        fulfilled += 1;
        fulfilments.push(done - eventAt);
        flows.push(done - began);
      }
    }
  }

  let elapsed = 0;
  let cpu = { store: Number.NaN, postgres: Number.NaN, loadGenerator: Number.NaN };
  const waiting = watchUnnumbered(databaseUrl);
  let numberingLag = Number.NaN;
  try {
    // Warm-up, then the measured run.
    stopAt = Date.now() + options.warmup * 1000;
    await Promise.all(customers.map((_, i) => shopper(i)));
    measuring = true;
    const cpuAtStart = cpuNow(servers.map((server) => server.child.pid));
    const t0 = performance.now();
    stopAt = Date.now() + options.duration * 1000;
    await Promise.all(customers.map((_, i) => shopper(i)));
    elapsed = (performance.now() - t0) / 1000;
    // Invoices are numbered, and their mails sent, a moment after the payments: wait for the last.
    log(`documents settled after ${fmt(await documentsSettled(databaseUrl), 1)} s`);
    // Every order's work is done now (keys, invoice number, PDF, mail): what it cost, by process.
    const cpuAtEnd = cpuNow(servers.map((server) => server.child.pid));
    cpu = {
      store: cpuAtEnd.store - cpuAtStart.store,
      postgres: cpuAtEnd.postgres - cpuAtStart.postgres,
      loadGenerator: cpuAtEnd.loadGenerator - cpuAtStart.loadGenerator,
    };
  } finally {
    numberingLag = await waiting.stop();
    await Promise.all(servers.map((server) => server.stop()));
  }

  // The proof: no key sold twice, no order with more or fewer keys than it paid for, the scarce game not oversold.
  const check = await openRuntime(loadConfig({ ...env, LOG_LEVEL: 'silent' }));
  let integrity: Record<string, number>;
  try {
    const rows = await check.dbHandle.db.execute(sql`
      select
        (select count(*)::int from (select code_fingerprint from game_keys where status = 'sold'
           group by code_fingerprint having count(*) > 1) d) as double_sold,
        (select count(*)::int from order_lines l join orders o on o.id = l.order_id
           where o.status = 'paid' and l.quantity <> (select count(*) from game_keys k
             where k.order_line_id = l.id and k.status = 'sold')) as wrong_key_count,
        (select count(*)::int from game_keys k join orders o on o.id = k.order_id
           where k.status = 'sold' and o.status <> 'paid') as sold_to_unpaid,
        (select count(*)::int from game_keys k join games g on g.id = k.game_id
           where g.title = 'Bench Scarce Game' and k.status = 'sold') as scarce_sold,
        (select count(*)::int from orders where status = 'paid') as paid_orders,
        (select count(*)::int from orders where status = 'held_for_review') as held_for_review,
        (select count(*)::int from game_keys where status = 'sold') as sold_keys,
        (select count(*)::int from orders o where o.status = 'paid' and not exists
           (select 1 from invoices i where i.order_id = o.id and i.kind = 'invoice')) as paid_without_invoice,
        (select count(*)::int from invoices where number is null) as invoices_unnumbered,
        (select coalesce(max(sequence), 0)::int - count(*)::int from invoices
           where kind = 'invoice' and number is not null) as number_gaps,
        (select count(*)::int from (select sequence < lag(sequence) over (order by issued_at, id) as inverted
           from invoices where kind = 'invoice' and number is not null) x where inverted) as out_of_payment_order,
        (select coalesce(percentile_cont(0.99) within group (order by extract(epoch from m.sent_at - i.issued_at)), 0)::float8
           from mail_outbox m join mail_attachments a on a.mail_id = m.id join invoices i on i.id = a.invoice_id)
           as p99_invoice_mail_s,
        (select coalesce(max(extract(epoch from m.sent_at - i.issued_at)), 0)::float8
           from mail_outbox m join mail_attachments a on a.mail_id = m.id join invoices i on i.id = a.invoice_id)
           as max_invoice_mail_s`);
    const first = (
      'rows' in rows ? (rows.rows as Record<string, number>[]) : (rows as unknown as Record<string, number>[])
    )[0];
    integrity = Object.fromEntries(Object.entries(first ?? {}).map(([key, value]) => [key, Number(value)]));
  } finally {
    await check.dbHandle.close();
  }
  await dropDatabase(dbName);
  rmSync(dataDir, { recursive: true, force: true });

  return {
    instances,
    ...(pace ? { pace } : {}),
    elapsed,
    fulfilled,
    soldOut,
    failures,
    fulfilments,
    flows,
    integrity: { ...integrity, max_numbering_lag_s: numberingLag },
    cpu,
  };
}

/**
 * Samples, every 100 ms until stopped, the age of the oldest invoice still waiting for its number (how
 * long after its payment an invoice gets its number, at worst); stop() answers the largest, in seconds.
 */
function watchUnnumbered(databaseUrl: string): { stop(): Promise<number> } {
  let stopped = false;
  let largest = 0;
  const client = new pg.Client({ connectionString: databaseUrl });
  const sampling = (async () => {
    await client.connect();
    while (!stopped) {
      const { rows } = await client.query<{ age: number | null }>(
        `select extract(epoch from now() - min(issued_at))::float8 as age from invoices where number is null`,
      );
      largest = Math.max(largest, Number(rows[0]?.age ?? 0));
      await sleep(100);
    }
    await client.end();
  })();
  return {
    async stop() {
      stopped = true;
      await sampling;
      return largest;
    },
  };
}

/** Waits until no invoice lacks its number and no mail waits to be sent (at most 60 s); answers the seconds. */
async function documentsSettled(databaseUrl: string): Promise<number> {
  const started = performance.now();
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    while (performance.now() - started < 60_000) {
      const { rows } = await client.query<{ waiting: number }>(
        `select (select count(*) from invoices where number is null)
              + (select count(*) from mail_outbox where sent_at is null) as waiting`,
      );
      if (Number(rows[0]?.waiting ?? 0) === 0) break;
      await sleep(100);
    }
  } finally {
    await client.end();
  }
  return (performance.now() - started) / 1000;
}

export async function benchCheckout(options: BenchOptions): Promise<void> {
  const startedAt = new Date();
  const machineLine = machine();
  const saturated = [await runCheckout(options, 1), await runCheckout(options, 2)];
  const rate = (run: CheckoutRun) => run.fulfilled / run.elapsed;
  // The latency of the code rather than of the queue (decision 040): two processes at half the rounds per
  // second they managed flat out.
  const flatOut = saturated[1];
  const halfPace = flatOut ? (flatOut.fulfilled + flatOut.soldOut) / flatOut.elapsed / 2 : 10;
  const runs = [...saturated, await runCheckout(options, 2, halfPace)];
  const p99 = (run: CheckoutRun) => percentile(run.fulfilments, 99);
  const clean = (run: CheckoutRun) =>
    run.integrity.double_sold === 0 &&
    run.integrity.wrong_key_count === 0 &&
    run.integrity.sold_to_unpaid === 0 &&
    run.integrity.held_for_review === 0 &&
    (run.integrity.scarce_sold ?? 0) <= 25 &&
    run.integrity.paid_without_invoice === 0 &&
    run.integrity.invoices_unnumbered === 0 &&
    run.integrity.number_gaps === 0 &&
    run.integrity.out_of_payment_order === 0;
  const numberingLag = (run: CheckoutRun) => run.integrity.max_numbering_lag_s ?? Number.NaN;
  const each = (cell: (run: CheckoutRun) => string | number) => runs.map(cell);
  // All CPU of the window and its documents, shared out over the orders fulfilled in the window.
  const perOrder = (run: CheckoutRun, seconds: number) => (seconds * 1000) / run.fulfilled;
  const ceilingOf = (run: CheckoutRun, withGenerator: boolean) =>
    (os.cpus().length * 1000) /
    (perOrder(run, run.cpu.store) +
      perOrder(run, run.cpu.postgres) +
      (withGenerator ? perOrder(run, run.cpu.loadGenerator) : 0));
  const summary = table(
    [
      'measure',
      ...runs.map(
        (run) =>
          `${run.instances === 1 ? '1 store process' : `${run.instances} store processes`}${run.pace ? `, paced at half that rate (${fmt(run.pace, 1)} rounds/s)` : ''}`,
      ),
      'target',
    ],
    [
      [
        'fulfilled orders/s',
        ...each((run) => (run.pace ? fmt(rate(run), 1) : `${fmt(rate(run), 1)} (${pass(rate(run) >= 100)})`)),
        '≥ 100 (flat out)',
      ],
      [
        'p50 / p99 fulfilment (event → keys) ms',
        ...each(
          (run) => `${fmt(percentile(run.fulfilments, 50))} / ${fmt(p99(run))} (${pass(p99(run) <= 150)})`,
        ),
        'p99 ≤ 150 (the issue: flat out; decision 040 proposes: at half the rate)',
      ],
      [
        'p50 / p99 whole purchase (add line → keys) ms',
        ...each((run) => `${fmt(percentile(run.flows, 50))} / ${fmt(percentile(run.flows, 99))}`),
        '',
      ],
      [
        'orders fulfilled / sold-out answers / failures',
        ...each((run) => `${run.fulfilled} / ${run.soldOut} / ${run.failures.length}`),
        'no failures',
      ],
      ['keys sold twice', ...each((run) => run.integrity.double_sold ?? 'n/a'), '0'],
      [
        'paid order lines with the wrong number of keys',
        ...each((run) => run.integrity.wrong_key_count ?? 'n/a'),
        '0',
      ],
      ['keys sold to unpaid orders', ...each((run) => run.integrity.sold_to_unpaid ?? 'n/a'), '0'],
      ['scarce game: keys sold of 25', ...each((run) => run.integrity.scarce_sold ?? 'n/a'), '≤ 25'],
      [
        'invoices: paid orders without one / unnumbered / gaps / out of payment order',
        ...each(
          (run) =>
            `${run.integrity.paid_without_invoice} / ${run.integrity.invoices_unnumbered} / ${run.integrity.number_gaps} / ${run.integrity.out_of_payment_order}`,
        ),
        '0 / 0 / 0 / 0',
      ],
      [
        'payment → invoice numbered, max s (oldest waiting invoice, sampled every 100 ms)',
        ...each((run) => `${fmt(numberingLag(run), 2)} (${pass(numberingLag(run) <= 10)})`),
        'max ≤ 10',
      ],
      [
        'payment → order mail with the invoice PDF sent, p99 / max s',
        ...each(
          (run) =>
            `${fmt(run.integrity.p99_invoice_mail_s ?? Number.NaN, 2)} / ${fmt(run.integrity.max_invoice_mail_s ?? Number.NaN, 2)}`,
        ),
        'within seconds',
      ],
      [
        'CPU ms per fulfilled order: store / PostgreSQL / load generator',
        ...each(
          (run) =>
            `${fmt(perOrder(run, run.cpu.store), 1)} / ${fmt(perOrder(run, run.cpu.postgres), 1)} / ${fmt(perOrder(run, run.cpu.loadGenerator), 1)}`,
        ),
        'informative',
      ],
      [
        `orders/s ${os.cpus().length} cores could do at that CPU cost (store + PostgreSQL / all three)`,
        ...each((run) => `${fmt(ceilingOf(run, false), 0)} / ${fmt(ceilingOf(run, true), 0)}`),
        'informative',
      ],
      [
        'paid orders held for review by fraud screening (answered 200, no keys)',
        ...each((run) => run.integrity.held_for_review ?? 'n/a'),
        '0 (each would count as fulfilled)',
      ],
      [
        'paid orders / sold keys (whole run incl. warm-up)',
        ...each((run) => `${run.integrity.paid_orders} / ${run.integrity.sold_keys}`),
        'equal',
      ],
    ],
  );
  const allClean = runs.every(clean);
  const failures = runs.flatMap((run) => run.failures);
  process.stdout.write(
    `\n${summary}\n\nIntegrity: ${allClean ? 'clean' : 'VIOLATED'}\n${failures.slice(0, 5).join('\n')}\n`,
  );
  writeFileSync(
    path.join(RESULTS, 'checkout.md'),
    `# Checkout-to-keys benchmark

Run ${startedAt.toISOString()} on ${machineLine}.

${SHARED_NOTE}

Set-up: the store on PostgreSQL (\`LOG_LEVEL=warn\`, local payment provider), ${options.customers}
concurrent customers, each logged in once and then looping: add a line to the draft order → create the
checkout session (keys reserved) → send the provider's signed \`checkout.session.completed\` event to
\`/api/payments/webhook/local\` → keys sold, the invoice written and the order mail queued; a moment later
the numbering job gives the invoice its number in payment order (decision 033) and the mail goes to the
outbox with the invoice PDF, from the same processes. Every fourth round targets a scarce game with 25 keys
that all customers race for. Measured three times, each on a fresh database: with one store process, and with
two (one per core, as in production; the customers split evenly between them, sessions in the database,
no load balancer in between), both flat out (each customer starts its next round when the last is
answered); then two processes again at half the rounds per second they managed flat out, the customers
taking turns on one schedule of round starts (a fixed arrival rate): the latency of the code, not of the
queue (decision 040). ${options.warmup} s warm-up, ${options.duration} s measured
(${runs.map((run) => fmt(run.elapsed, 1)).join(' / ')} s actual). "Fulfilment" is the time from sending the
event to its answer (the keys are sold when it answers); the whole purchase is the three calls of one round.
The load generator runs on the same 2 cores.

${summary}

Integrity after each run (queries over the whole database, once every invoice is numbered and mailed):
${allClean ? 'clean: no key oversold or double-sold, every paid order invoiced, numbers gapless and in payment order' : 'VIOLATED'}.
${failures.length > 0 ? `\nFirst failures: ${failures.slice(0, 5).join('; ')}\n` : ''}
Reproduce: \`npm run bench -- --only checkout\` (\`--duration 3 --warmup 1\` for a quick look).
`,
  );
}
