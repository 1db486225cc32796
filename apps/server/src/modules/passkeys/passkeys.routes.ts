import { loginResponseSchema } from '@keyland/core/schemas/accounts';
import { errorBodySchema, errorResponses } from '@keyland/core/schemas/common';
import {
  finishPasskeyLoginRequestSchema,
  finishPasskeyRegistrationRequestSchema,
  passkeyCreationOptionsSchema,
  passkeyIdParamsSchema,
  passkeyListSchema,
  passkeyRequestOptionsSchema,
  passkeySchema,
  updatePasskeyRequestSchema,
} from '@keyland/core/schemas/passkeys';
import type { AuthenticationResponseJSON, RegistrationResponseJSON } from '@simplewebauthn/server';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { noteLoggedIn } from '../../plugins/security-events.ts';
import { requireSession, setSessionCookie } from '../../plugins/session.ts';
import type { PasskeyLoginService } from './passkey-login.service.ts';
import type { PasskeyOwner, PasskeysService } from './passkeys.service.ts';

/** The session's account, as the owner of the passkeys a call acts on (`requireSession` ran first). */
function ownerOf(request: FastifyRequest): PasskeyOwner {
  const session = request.session;
  if (!session) throw new Error('requireSession must run first');
  return {
    customerId: session.customerId,
    email: session.email,
    fullName: session.fullName,
    role: session.role,
    ip: request.ip,
  };
}

const noStore = (reply: FastifyReply) => reply.header('cache-control', 'no-store');

const okSchema = z.object({ ok: z.literal(true) });

/** `/api/account/passkeys*`: the logged-in account's own passkeys (customers and admins alike). */
export const passkeysRoutes: FastifyPluginAsyncZod<{ service: PasskeysService }> = async (
  app,
  { service },
) => {
  app.addHook('onRequest', requireSession);

  app.get(
    '/api/account/passkeys',
    {
      schema: {
        tags: ['accounts'],
        operationId: 'listPasskeys',
        summary: 'Your passkeys: name, when added and last used, whether synced, whether it may be removed',
        response: { 200: passkeyListSchema, 401: errorBodySchema },
      },
    },
    async (request, reply) => {
      noStore(reply);
      return { passkeys: await service.list(ownerOf(request).customerId) };
    },
  );

  app.post(
    '/api/account/passkeys/registration/start',
    {
      schema: {
        tags: ['accounts'],
        operationId: 'startPasskeyRegistration',
        summary:
          'Options for navigator.credentials.create (a discoverable credential with user verification); the challenge is single-use and expires in 5 minutes',
        response: { 200: passkeyCreationOptionsSchema, 401: errorBodySchema, 404: errorBodySchema },
      },
    },
    async (request, reply) => {
      noStore(reply);
      return service.startRegistration(ownerOf(request));
    },
  );

  app.post(
    '/api/account/passkeys/registration/finish',
    {
      schema: {
        tags: ['accounts'],
        operationId: 'finishPasskeyRegistration',
        summary:
          'Store the new passkey from the authenticator’s answer to your challenge (400 PASSKEY_INVALID when it does not verify, 409 when already registered)',
        body: finishPasskeyRegistrationRequestSchema,
        response: { 200: passkeySchema, 400: errorBodySchema, 401: errorBodySchema, 409: errorBodySchema },
      },
    },
    async (request) =>
      service.finishRegistration(
        ownerOf(request),
        request.body.response as RegistrationResponseJSON,
        request.body.name,
      ),
  );

  app.patch(
    '/api/account/passkeys/:id',
    {
      schema: {
        tags: ['accounts'],
        operationId: 'updatePasskey',
        summary: 'Rename one of your passkeys',
        params: passkeyIdParamsSchema,
        body: updatePasskeyRequestSchema,
        response: { 200: passkeySchema, 400: errorBodySchema, 401: errorBodySchema, 404: errorBodySchema },
      },
    },
    async (request) => service.rename(ownerOf(request).customerId, request.params.id, request.body.name),
  );

  app.post(
    '/api/account/passkeys/:id/remove',
    {
      schema: {
        tags: ['accounts'],
        operationId: 'removePasskey',
        summary:
          'Remove one of your passkeys; 409 PASSKEY_LAST_LOGIN when no password and no other passkey would be left to log in with',
        params: passkeyIdParamsSchema,
        response: {
          200: okSchema,
          400: errorBodySchema,
          401: errorBodySchema,
          404: errorBodySchema,
          409: errorBodySchema,
        },
      },
    },
    async (request) => {
      await service.remove(ownerOf(request), request.params.id);
      return { ok: true as const };
    },
  );
};

/** `POST /api/kl_api/login/passkey/*`: logging in with a passkey, beside the password and code steps. */
export const passkeyLoginRoutes: FastifyPluginAsyncZod<{ login: PasskeyLoginService }> = async (
  app,
  { login },
) => {
  app.post(
    '/api/kl_api/login/passkey/start',
    {
      schema: {
        tags: ['accounts'],
        operationId: 'startPasskeyLogin',
        summary:
          'Options for navigator.credentials.get (any passkey of this store, user verification required; also for the browser’s passkey autofill)',
        response: { 200: passkeyRequestOptionsSchema, 429: errorBodySchema },
      },
    },
    async (request, reply) => {
      noStore(reply);
      return login.start({ ip: request.ip });
    },
  );

  app.post(
    '/api/kl_api/login/passkey/finish',
    {
      schema: {
        tags: ['accounts'],
        operationId: 'finishPasskeyLogin',
        summary:
          'Log in with the authenticator’s signed answer; sets the keyland_session cookie (an admin’s passkey counts as both factors: no code step)',
        body: finishPasskeyLoginRequestSchema,
        response: { 200: loginResponseSchema, ...errorResponses(400, 401, 403, 429) },
      },
    },
    async (request, reply) => {
      const { token, user, customerId } = await login.finish(
        request.body.response as AuthenticationResponseJSON,
        { ip: request.ip, userAgent: request.headers['user-agent'], previousToken: request.session?.token },
      );
      noteLoggedIn(request, customerId);
      setSessionCookie(reply, request, token);
      return { user };
    },
  );
};
