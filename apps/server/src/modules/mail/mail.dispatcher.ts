import type { FastifyBaseLogger } from 'fastify';
import type { LockOutcome } from '../../db/client.ts';
import { backoffDelay, scheduleBackoff } from '../../lib/retry.ts';
import type { ClaimedMail, MailOutbox } from './mail.outbox.ts';
import type { MailAttachment, MailTransport } from './mail.transport.ts';

const BATCH = 20;
/** Addressees of a batch whose mails are sent at the same time. */
const PARALLEL = 4;
const LEASE_MS = 5 * 60_000;
/** Back-off after the n-th failed attempt: 10 s, 30 s, 2 min, 10 min, then hourly. */
const MAIL_BACKOFF = scheduleBackoff([10_000, 30_000, 120_000, 600_000, 3_600_000]);

export interface MailDispatcher {
  /** Sends what is due now; resolves when this round is done. */
  drain(): Promise<number>;
  /** Asks for a round soon (after a mail was enqueued). */
  kick(): void;
  start(): void;
  stop(): Promise<void>;
}

export function createMailDispatcher(options: {
  repository: MailOutbox;
  transport: MailTransport;
  from: string;
  log: FastifyBaseLogger;
  intervalMs?: number;
  /** Renders an attached document (an invoice PDF) when its mail is sent. */
  renderAttachment?: (invoiceId: number) => Promise<MailAttachment>;
  /** Runs each round under this lock (DbHandle.withLock) so that one instance sends at a time. */
  lock?: (name: string, fn: () => Promise<number>) => Promise<LockOutcome<number>>;
}): MailDispatcher {
  const { repository, transport, from, log } = options;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<number> | undefined;
  let stopped = true;
  /** Set when a round is asked for while one runs: that round may have missed the newest mail. */
  let again = false;

  /** Sends one claimed mail; answers whether it went (a failure is recorded for a later attempt). */
  async function send(mail: ClaimedMail): Promise<boolean> {
    try {
      const render = options.renderAttachment;
      const attachments: MailAttachment[] = render
        ? await Promise.all((await repository.attachmentsOf(mail.id)).map(render))
        : [];
      await transport.send({
        id: mail.id,
        from,
        to: mail.toAddress,
        subject: mail.subject,
        html: mail.html,
        text: mail.text,
        ...(attachments.length > 0 ? { attachments } : {}),
        ...(mail.headers ? { headers: JSON.parse(mail.headers) as Record<string, string> } : {}),
      });
      await repository.markSent(mail.id);
      return true;
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      const wait = backoffDelay(MAIL_BACKOFF, mail.attempts);
      log.warn(
        { mailId: mail.id, kind: mail.kind, attempts: mail.attempts, err: message },
        'mail not sent, will retry',
      );
      await repository.markFailed(mail.id, message, wait);
      return false;
    }
  }

  async function round(): Promise<number> {
    let sent = 0;
    for (;;) {
      const batch = await repository.claimDue(BATCH, LEASE_MS);
      if (batch.length === 0) return sent;
      // A few addressees at a time (sending waits on the mail server or the disk); each addressee's mails
      // one after the other, in the order they were queued.
      const chains = [...Map.groupBy(batch, (mail) => mail.toAddress).values()];
      const worker = async () => {
        let count = 0;
        for (let chain = chains.shift(); chain; chain = chains.shift())
          for (const mail of chain) if (await send(mail)) count += 1;
        return count;
      };
      for (const count of await Promise.all(Array.from({ length: PARALLEL }, worker))) sent += count;
      if (batch.length < BATCH) return sent;
    }
  }

  function drain(): Promise<number> {
    if (running) {
      again = true;
      return running;
    }
    running = (async () => {
      let sent = 0;
      do {
        again = false;
        if (options.lock) {
          const outcome = await options.lock('mail-dispatcher', round);
          sent += outcome.ran ? outcome.value : 0;
        } else sent += await round();
      } while (again && !stopped);
      return sent;
    })().finally(() => {
      running = undefined;
    });
    return running;
  }

  function schedule(delay: number) {
    if (stopped) return;
    clearTimeout(timer);
    timer = setTimeout(() => {
      drain()
        .catch((error: unknown) => log.error({ err: error }, 'mail dispatch failed'))
        .finally(() => schedule(options.intervalMs ?? 5_000));
    }, delay);
    timer.unref();
  }

  return {
    drain,
    kick: () => schedule(0),
    start() {
      stopped = false;
      schedule(0);
    },
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running?.catch(() => {});
      transport.close();
    },
  };
}
