import { adminIdParamsSchema } from '@keyland/core/schemas/admin';
import { errorBodySchema } from '@keyland/core/schemas/common';
import {
  createSupportTicketRequestSchema,
  replySupportTicketRequestSchema,
  supportContactSchema,
  supportTicketCreatedSchema,
  supportTicketSchema,
  supportTicketsQuerySchema,
  supportTicketsSchema,
} from '@keyland/core/schemas/support';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { localeFromHeader } from '../../lib/i18n.ts';
import { actorOf, adminErrors, adminInputErrors, adminRoutesOnly } from '../admin/index.ts';
import type { SupportService } from './support.service.ts';

/** The contact form (customers and visitors) and the support address. */
export const supportRoutes: FastifyPluginAsyncZod<{ service: SupportService }> = async (app, { service }) => {
  app.get(
    '/api/support/contact',
    {
      schema: {
        tags: ['support'],
        operationId: 'getSupportContact',
        summary: 'The support address configured on the server (null when there is none)',
        response: { 200: supportContactSchema },
      },
    },
    async (_request, reply) => {
      reply.header('cache-control', 'public, max-age=60');
      return service.contact();
    },
  );

  app.post(
    '/api/support/tickets',
    {
      schema: {
        tags: ['support'],
        operationId: 'createSupportTicket',
        summary:
          'Send a message to support (customers: optionally about one of their orders; visitors: with name and e-mail); acknowledged by mail with its ticket number',
        body: createSupportTicketRequestSchema,
        response: {
          201: supportTicketCreatedSchema,
          400: errorBodySchema,
          404: errorBodySchema,
          429: errorBodySchema,
        },
      },
    },
    async (request, reply) => {
      const created = await service.create(request.body, {
        customerId: request.session?.customerId,
        ip: request.ip,
        language: localeFromHeader(request.headers['accept-language']),
      });
      return reply.code(201).header('cache-control', 'no-store').send(created);
    },
  );
};

/** The support tickets in the back office: list, read, answer by mail, close. */
export const supportAdminRoutes: FastifyPluginAsyncZod<{ service: SupportService }> = async (
  app,
  { service },
) => {
  adminRoutesOnly(app);

  app.get(
    '/api/admin/support/tickets',
    {
      schema: {
        tags: ['admin'],
        operationId: 'listSupportTickets',
        summary: 'Support tickets with their messages (open ones oldest first)',
        querystring: supportTicketsQuerySchema,
        response: { 200: supportTicketsSchema, ...adminInputErrors },
      },
    },
    async (request) => ({ items: await service.list(request.query.status) }),
  );

  app.get(
    '/api/admin/support/tickets/:id',
    {
      schema: {
        tags: ['admin'],
        operationId: 'getSupportTicket',
        summary: 'One support ticket with its messages',
        params: adminIdParamsSchema,
        response: { 200: supportTicketSchema, ...adminErrors },
      },
    },
    async (request) => service.get(request.params.id),
  );

  app.post(
    '/api/admin/support/tickets/:id/reply',
    {
      schema: {
        tags: ['admin'],
        operationId: 'replySupportTicket',
        summary:
          'Answer a ticket: the answer is mailed to the sender and kept on the ticket (optionally closing it)',
        params: adminIdParamsSchema,
        body: replySupportTicketRequestSchema,
        response: { 200: supportTicketSchema, ...adminErrors },
      },
    },
    async (request) => service.reply(actorOf(request), request.params.id, request.body),
  );

  app.post(
    '/api/admin/support/tickets/:id/close',
    {
      schema: {
        tags: ['admin'],
        operationId: 'closeSupportTicket',
        summary: 'Close a ticket without answering',
        params: adminIdParamsSchema,
        response: { 200: supportTicketSchema, ...adminErrors },
      },
    },
    async (request) => service.close(actorOf(request), request.params.id),
  );
};
