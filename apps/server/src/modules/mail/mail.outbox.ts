import { and, asc, eq, inArray, isNull, lte, notExists, sql } from 'drizzle-orm';
import type { Database, Executor } from '../../db/client.ts';
import { invoices, mailAttachments, mailOutbox } from '../../db/schema/index.ts';
import type { KeyVault } from '../../lib/key-vault.ts';

export interface NewMail {
  toAddress: string;
  subject: string;
  html: string;
  text: string;
  kind: string;
  /** Extra headers of the message (`List-Unsubscribe`…). */
  headers?: Record<string, string>;
}

export type ClaimedMail = typeof mailOutbox.$inferSelect;

/**
 * The mails that carried an invoice (the order e-mail with the keys), oldest first: their kind, when each
 * was queued and when it was sent (null while not yet). Erasing an account deletes its mails.
 */
export async function mailsWithInvoice(
  db: Executor,
  invoiceId: number,
): Promise<{ kind: string; queuedAt: Date; sentAt: Date | null }[]> {
  return db
    .select({ kind: mailOutbox.kind, queuedAt: mailOutbox.createdAt, sentAt: mailOutbox.sentAt })
    .from(mailOutbox)
    .innerJoin(mailAttachments, eq(mailAttachments.mailId, mailOutbox.id))
    .where(eq(mailAttachments.invoiceId, invoiceId))
    .orderBy(asc(mailOutbox.id));
}

export function createMailOutbox(db: Database, keyVault: KeyVault) {
  /** Invoices waiting for the next mail queued in the same transaction (see attachToNextMail). */
  const pendingAttachments = new WeakMap<Executor, number[]>();
  const reveal = (row: ClaimedMail): ClaimedMail => ({
    ...row,
    html: keyVault.decrypt(row.html),
    text: keyVault.decrypt(row.text),
    headers: row.headers === null ? null : keyVault.decrypt(row.headers),
  });
  return {
    /** Adds a mail to the outbox; pass the transaction of the change that causes it. */
    async enqueue(executor: Executor, mail: NewMail): Promise<number> {
      const [row] = await executor
        .insert(mailOutbox)
        .values({
          ...mail,
          html: keyVault.encrypt(mail.html),
          text: keyVault.encrypt(mail.text),
          headers: mail.headers ? keyVault.encrypt(JSON.stringify(mail.headers)) : null,
        })
        .returning({ id: mailOutbox.id });
      if (!row) throw new Error('Outbox insert returned no row');
      const attached = pendingAttachments.get(executor);
      if (attached) {
        pendingAttachments.delete(executor);
        await executor
          .insert(mailAttachments)
          .values(attached.map((invoiceId) => ({ mailId: row.id, invoiceId })));
      }
      return row.id;
    },

    /**
     * Attaches an invoice PDF to the next mail queued on the same transaction (the order e-mail after
     * the invoice is issued in fulfilment). The PDF is rendered when the mail is sent.
     */
    attachToNextMail(executor: Executor, invoiceId: number): void {
      pendingAttachments.set(executor, [...(pendingAttachments.get(executor) ?? []), invoiceId]);
    },

    async attachmentsOf(mailId: number): Promise<number[]> {
      const rows = await db
        .select({ invoiceId: mailAttachments.invoiceId })
        .from(mailAttachments)
        .where(eq(mailAttachments.mailId, mailId))
        .orderBy(asc(mailAttachments.id));
      return rows.map((r) => r.invoiceId);
    },

    /**
     * Claims due mails by pushing their next attempt into the future (a lease), so that another
     * instance does not send them at the same time; a crash after sending resends after the lease. A mail
     * carrying an invoice that has no number yet waits for it (decision 033).
     */
    async claimDue(limit: number, leaseMs: number): Promise<ClaimedMail[]> {
      return db.transaction(async (tx) => {
        const due = await tx
          .select({ id: mailOutbox.id })
          .from(mailOutbox)
          .where(
            and(
              isNull(mailOutbox.sentAt),
              lte(mailOutbox.nextAttemptAt, sql`now()`),
              notExists(
                tx
                  .select({ id: mailAttachments.id })
                  .from(mailAttachments)
                  .innerJoin(invoices, eq(invoices.id, mailAttachments.invoiceId))
                  .where(and(eq(mailAttachments.mailId, mailOutbox.id), isNull(invoices.number))),
              ),
            ),
          )
          .orderBy(asc(mailOutbox.id))
          .limit(limit)
          .for('update', { skipLocked: true });
        if (due.length === 0) return [] as ClaimedMail[];
        const claimed = await tx
          .update(mailOutbox)
          .set({
            nextAttemptAt: sql`now() + (${leaseMs} * interval '1 millisecond')`,
            attempts: sql`${mailOutbox.attempts} + 1`,
          })
          .where(
            inArray(
              mailOutbox.id,
              due.map((row) => row.id),
            ),
          )
          .returning();
        return claimed.map(reveal);
      });
    },

    async markSent(id: number): Promise<void> {
      await db.update(mailOutbox).set({ sentAt: sql`now()`, lastError: null }).where(eq(mailOutbox.id, id));
    },

    async markFailed(id: number, error: string, retryInMs: number): Promise<void> {
      await db
        .update(mailOutbox)
        .set({
          lastError: error.slice(0, 500),
          nextAttemptAt: sql`now() + (${retryInMs} * interval '1 millisecond')`,
        })
        .where(eq(mailOutbox.id, id));
    },

    async pendingCount(): Promise<number> {
      const [row] = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(mailOutbox)
        .where(isNull(mailOutbox.sentAt));
      return row?.n ?? 0;
    },
  };
}

export type MailOutbox = ReturnType<typeof createMailOutbox>;
