import { loginResponseSchema } from '@keyland/core/schemas/accounts';
import { adminOkSchema } from '@keyland/core/schemas/admin';
import {
  loginTotpRequestSchema,
  totpCodeRequestSchema,
  totpSetupSchema,
  totpStatusSchema,
} from '@keyland/core/schemas/admin-security';
import { errorBodySchema } from '@keyland/core/schemas/common';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { setSessionCookie } from '../../../plugins/session.ts';
import { actorOf, adminAccessErrors, adminInputErrors } from '../index.ts';
import type { TotpService } from './totp.service.ts';

/** `/api/admin/security/totp*`: the signed-in admin's own second factor (inside the admin plugin). */
export const twoFactorRoutes: FastifyPluginAsyncZod<{ totp: TotpService }> = async (app, { totp }) => {
  app.get(
    '/api/admin/security/totp',
    {
      schema: {
        tags: ['admin'],
        operationId: 'getSecondFactorStatus',
        summary: 'Whether your TOTP second factor is on (or set up and waiting for a first code)',
        response: { 200: totpStatusSchema, ...adminAccessErrors },
      },
    },
    (request) => totp.status(actorOf(request).adminId),
  );

  app.post(
    '/api/admin/security/totp/setup',
    {
      schema: {
        tags: ['admin'],
        operationId: 'startSecondFactorSetup',
        summary:
          'Generate a new TOTP secret (shown once, as text and QR code); it is switched on by /enable with a first code',
        response: { 200: totpSetupSchema, ...adminAccessErrors, 409: errorBodySchema },
      },
    },
    (request) => totp.setup(actorOf(request), request.session?.email ?? 'admin'),
  );

  app.post(
    '/api/admin/security/totp/enable',
    {
      schema: {
        tags: ['admin'],
        operationId: 'enableSecondFactor',
        summary:
          'Switch the second factor on with a valid code of the new secret (400 TOTP_INVALID otherwise)',
        body: totpCodeRequestSchema,
        response: { 200: adminOkSchema, ...adminInputErrors, 409: errorBodySchema, 429: errorBodySchema },
      },
    },
    async (request) => {
      await totp.enable(actorOf(request), request.body.code);
      return { ok: true as const };
    },
  );

  app.post(
    '/api/admin/security/totp/disable',
    {
      schema: {
        tags: ['admin'],
        operationId: 'disableSecondFactor',
        summary: 'Switch the second factor off with a valid code',
        body: totpCodeRequestSchema,
        response: { 200: adminOkSchema, ...adminInputErrors, 409: errorBodySchema, 429: errorBodySchema },
      },
    },
    async (request) => {
      await totp.disable(actorOf(request), request.body.code);
      return { ok: true as const };
    },
  );
};

/** `POST /api/kl_api/login/totp`: the code step of an admin login; the session is created only here. */
export const loginTotpRoutes: FastifyPluginAsyncZod<{ totp: TotpService }> = async (app, { totp }) => {
  app.post(
    '/api/kl_api/login/totp',
    {
      schema: {
        tags: ['accounts'],
        operationId: 'verifyLoginCode',
        summary:
          'Second step of a login that answered `totpRequired`: the challenge and a 6-digit code; sets the keyland_session cookie',
        body: loginTotpRequestSchema,
        response: {
          200: loginResponseSchema,
          400: errorBodySchema,
          403: errorBodySchema,
          409: errorBodySchema,
          429: errorBodySchema,
        },
      },
    },
    async (request, reply) => {
      const { token, user } = await totp.completeLogin(request.body.challenge, request.body.code, {
        ip: request.ip,
        userAgent: request.headers['user-agent'],
      });
      setSessionCookie(reply, request, token);
      return { user };
    },
  );
};
