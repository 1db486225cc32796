import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';

const escapeHtml = (text: string) =>
  text.replace(
    /[<>&"']/g,
    (ch) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;', "'": '&#39;' })[ch] ?? ch,
  );

/**
 * Development only: lists the e-mails written to the outbox folder (embedded mail mode) so that links
 * in them can be followed without a mail server. Never registered in production or test.
 */
export const devMailboxRoutes: FastifyPluginAsyncZod<{ outboxDir: string }> = async (app, { outboxDir }) => {
  const files = () => {
    try {
      return readdirSync(outboxDir)
        .filter((f) => f.endsWith('.eml'))
        .sort()
        .reverse()
        .slice(0, 50);
    } catch {
      return [];
    }
  };

  app.get(
    '/dev/mailbox',
    {
      schema: { hide: true, operationId: 'listDevMails', summary: 'The mails written to the outbox folder' },
    },
    (_request, reply) => {
      const items = files()
        .map((file) => {
          const raw = readFileSync(path.join(outboxDir, file), 'utf8');
          const subject = /^Subject: (.*)$/m.exec(raw)?.[1] ?? file;
          const to = /^To: (.*)$/m.exec(raw)?.[1] ?? '';
          return `<li><a href="/dev/mailbox/${encodeURIComponent(file)}">${escapeHtml(subject)}</a> — ${escapeHtml(to)}</li>`;
        })
        .join('');
      return reply
        .type('text/html; charset=utf-8')
        .send(
          `<!doctype html><meta charset="utf-8"><title>Mailbox</title><h1>Outbox</h1><ul>${items || '<li>No mail yet</li>'}</ul>`,
        );
    },
  );

  app.get(
    '/dev/mailbox/:file',
    {
      schema: {
        hide: true,
        operationId: 'getDevMail',
        summary: 'One mail of the outbox folder, as written',
        params: z.object({ file: z.string().regex(/^\d{8}\.eml$/) }),
      },
    },
    (request, reply) => {
      const raw = readFileSync(path.join(outboxDir, request.params.file), 'utf8');
      return reply.type('text/plain; charset=utf-8').send(raw);
    },
  );
};
