import { toLocale } from '@keyland/core/locales';
import { emailSchema } from '@keyland/core/schemas/accounts';
import {
  type CreateSupportTicket,
  type SupportContact,
  type SupportTicket,
  TICKET_MIN_FILL_MS,
  ticketNumber,
} from '@keyland/core/schemas/support';
import type { Database, Executor } from '../../db/client.ts';
import { AppError, notFound } from '../../lib/app-error.ts';
import { translate } from '../../lib/i18n.ts';
import type { RateLimiter, RateRule } from '../accounts/index.ts';
import type { Actor } from '../admin/index.ts';
import { auditTrail } from '../audit/index.ts';
import type { MailDispatcher, MailOutbox } from '../mail/index.ts';
import { ordersIn } from '../orders/index.ts';
import { ticketForwardMail, ticketReceivedMail, ticketReplyMail } from './support.mail.ts';
import { createSupportRepository, type TicketMessageRow, type TicketRow } from './support.repository.ts';

/** Messages one address may send per hour, and one account. */
export const TICKETS_PER_ADDRESS: RateRule = { name: 'tickets:ip', limit: 5, windowMs: 3600_000 };
export const TICKETS_PER_ACCOUNT: RateRule = { name: 'tickets:account', limit: 5, windowMs: 3600_000 };

export interface SupportDeps {
  db: Database;
  mailOutbox: MailOutbox;
  mailDispatcher: MailDispatcher;
  publicUrl: string;
  /** SUPPORT_EMAIL: messages are forwarded there, and the pages show it. */
  supportEmail: string | undefined;
  limiter?: RateLimiter;
  now?: () => Date;
}

function ticketView(ticket: TicketRow, messages: TicketMessageRow[]): SupportTicket {
  return {
    id: ticket.id,
    number: ticketNumber(ticket.id),
    status: ticket.status,
    name: ticket.name,
    email: ticket.email,
    subject: ticket.subject,
    orderId: ticket.orderId,
    customerId: ticket.customerId,
    lang: ticket.lang,
    createdAt: ticket.createdAt.toISOString(),
    updatedAt: ticket.updatedAt.toISOString(),
    messages: messages.map((m) => ({ author: m.author, body: m.body, at: m.at.toISOString() })),
  };
}

/** The customer's tickets with their messages (the data export). */
export async function ticketsOfCustomer(db: Executor, customerId: number): Promise<SupportTicket[]> {
  const repo = createSupportRepository(db);
  const tickets = await repo.ofCustomer(customerId);
  const messages = await repo.messagesOf(tickets.map((t) => t.id));
  return tickets.map((t) => ticketView(t, messages.get(t.id) ?? []));
}

/** Erasure: the customer's tickets lose who wrote them and what was written; their dates stay. */
export const eraseTicketsOf = (db: Executor, customerId: number) =>
  createSupportRepository(db).erase(customerId);

/**
 * The contact form and the support tickets it opens: a message from a customer or a visitor is stored,
 * acknowledged by mail with its ticket number and forwarded to the support address; admins answer from
 * the back office (the answer goes out by mail) and close tickets.
 */
export function createSupportService(deps: SupportDeps) {
  const { db } = deps;
  const now = deps.now ?? (() => new Date());
  const repository = createSupportRepository(db);

  async function limit(rule: RateRule, subject: string) {
    const decision = await deps.limiter?.hit(rule, subject);
    if (decision?.limited)
      throw new AppError('RATE_LIMITED', 'Too many messages, try again later', {
        headers: { 'retry-after': String(decision.retryAfterSec) },
      });
  }

  async function view(id: number): Promise<SupportTicket> {
    const ticket = await repository.find(id);
    if (!ticket) throw notFound('Unknown ticket');
    return ticketView(ticket, (await repository.messagesOf([id])).get(id) ?? []);
  }

  return {
    contact(): SupportContact {
      return { email: deps.supportEmail ?? null };
    },

    async create(
      input: CreateSupportTicket,
      sender: { customerId: number | undefined; ip: string; language: string },
    ): Promise<{ id: number; number: string }> {
      // A field people never see, and a form sent faster than anyone types: a script.
      if (input.website)
        throw new AppError('MESSAGE_REJECTED', 'The message could not be sent', { field: 'website' });
      if (input.fillMs < TICKET_MIN_FILL_MS)
        throw new AppError(
          'MESSAGE_REJECTED',
          'The message was sent too fast; wait a moment and send it again',
        );
      await limit(TICKETS_PER_ADDRESS, sender.ip);
      let name: string;
      let email: string;
      let lang = toLocale(input.language ?? sender.language);
      let orderId: number | null = null;
      if (sender.customerId !== undefined) {
        await limit(TICKETS_PER_ACCOUNT, String(sender.customerId));
        const customer = await ordersIn(db).customer(sender.customerId);
        if (!customer) throw new AppError('UNAUTHENTICATED', 'Log in to continue');
        ({ fullName: name, email } = customer);
        lang = toLocale(customer.lang);
        if (input.orderId !== undefined) {
          const order = await ordersIn(db).findOrder(input.orderId);
          if (order?.customerId !== sender.customerId) throw notFound('Unknown order');
          orderId = order.id;
        }
      } else {
        name = input.name ?? '';
        if (name.length < 2) throw new AppError('VALIDATION_FAILED', 'Enter your name', { field: 'name' });
        const parsed = emailSchema.safeParse(input.email ?? '');
        if (!parsed.success)
          throw new AppError('VALIDATION_FAILED', 'Enter a valid e-mail address', { field: 'email' });
        email = parsed.data;
      }
      const at = now();
      const ticket = await db.transaction(async (tx) => {
        const repo = createSupportRepository(tx);
        const row = await repo.insertTicket({
          customerId: sender.customerId ?? null,
          orderId,
          name,
          email,
          subject: input.subject,
          lang,
          consentText: translate(lang, 'support.form.consent'),
          ip: sender.ip,
          createdAt: at,
          updatedAt: at,
        });
        await repo.insertMessage({ ticketId: row.id, author: 'customer', body: input.message, at });
        const number = ticketNumber(row.id);
        await deps.mailOutbox.enqueue(tx, {
          toAddress: email,
          kind: 'support_received',
          ...ticketReceivedMail(lang, { number, name, subject: input.subject }),
        });
        if (deps.supportEmail)
          await deps.mailOutbox.enqueue(tx, {
            toAddress: deps.supportEmail,
            kind: 'support_forward',
            ...ticketForwardMail({
              number,
              name,
              email,
              subject: input.subject,
              message: input.message,
              orderId,
              adminUrl: `${deps.publicUrl}/admin/support/${row.id}`,
            }),
          });
        return row;
      });
      deps.mailDispatcher.kick();
      return { id: ticket.id, number: ticketNumber(ticket.id) };
    },

    async list(status: 'open' | 'answered' | 'closed' | 'all'): Promise<SupportTicket[]> {
      const tickets = await repository.list(status);
      const messages = await repository.messagesOf(tickets.map((t) => t.id));
      return tickets.map((t) => ticketView(t, messages.get(t.id) ?? []));
    },

    get: view,

    /** Sends the admin's answer by mail, keeps it on the ticket, and marks the ticket answered or closed. */
    async reply(
      actor: Actor,
      id: number,
      reply: { message: string; close: boolean },
    ): Promise<SupportTicket> {
      await db.transaction(async (tx) => {
        const repo = createSupportRepository(tx);
        const ticket = await repo.lock(id);
        if (!ticket) throw notFound('Unknown ticket');
        const at = now();
        await repo.insertMessage({
          ticketId: id,
          author: 'staff',
          adminId: actor.adminId,
          body: reply.message,
          at,
        });
        const status = reply.close ? 'closed' : 'answered';
        await repo.update(id, { status, updatedAt: at, closedAt: reply.close ? at : null });
        await deps.mailOutbox.enqueue(tx, {
          toAddress: ticket.email,
          kind: 'support_reply',
          ...ticketReplyMail(toLocale(ticket.lang), {
            number: ticketNumber(id),
            name: ticket.name,
            subject: ticket.subject,
            message: reply.message,
          }),
        });
        await auditTrail(tx).record(actor, {
          action: 'ticket.reply',
          targetType: 'support_ticket',
          targetId: id,
          before: { status: ticket.status },
          after: { status },
        });
      });
      deps.mailDispatcher.kick();
      return view(id);
    },

    async close(actor: Actor, id: number): Promise<SupportTicket> {
      await db.transaction(async (tx) => {
        const repo = createSupportRepository(tx);
        const ticket = await repo.lock(id);
        if (!ticket) throw notFound('Unknown ticket');
        if (ticket.status === 'closed') return;
        const at = now();
        await repo.update(id, { status: 'closed', updatedAt: at, closedAt: at });
        await auditTrail(tx).record(actor, {
          action: 'ticket.close',
          targetType: 'support_ticket',
          targetId: id,
          before: { status: ticket.status },
          after: { status: 'closed' },
        });
      });
      return view(id);
    },

    openCount: () => repository.openCount(),
  };
}

export type SupportService = ReturnType<typeof createSupportService>;
