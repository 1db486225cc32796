import { toLocale } from '@keyland/core/locales';
import {
  forgotPasswordRequestSchema,
  loginRequestSchema,
  loginResponseSchema,
  okResponseSchema,
  profileSchema,
  registerRequestSchema,
  registerResponseSchema,
  resetPasswordRequestSchema,
  resetPasswordResponseSchema,
  tokenRequestSchema,
  updateProfileRequestSchema,
  userOnlineResponseSchema,
} from '@keyland/core/schemas/accounts';
import { errorBodySchema, errorResponses } from '@keyland/core/schemas/common';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../lib/app-error.ts';
import { translate } from '../../lib/i18n.ts';
import { clearSessionCookie, requireSession, setSessionCookie } from '../../plugins/session.ts';
import type { AccountsService, RequestMeta } from './accounts.service.ts';
import { toSessionUser } from './session.service.ts';

function metaOf(request: FastifyRequest): RequestMeta {
  return { ip: request.ip, userAgent: request.headers['user-agent'], locale: request.locale };
}

export const accountsRoutes: FastifyPluginAsyncZod<{ service: AccountsService }> = async (
  app,
  { service },
) => {
  app.post(
    '/api/kl_api/register',
    {
      schema: {
        tags: ['accounts'],
        operationId: 'registerCustomer',
        summary: 'Register a customer (rules checked in order; 409 when the e-mail exists) and log them in',
        body: registerRequestSchema,
        response: {
          200: registerResponseSchema,
          400: errorBodySchema,
          409: errorBodySchema,
          429: errorBodySchema,
          502: errorBodySchema,
        },
      },
    },
    async (request, reply) => {
      const { token, user } = await service.register(request.body, metaOf(request));
      setSessionCookie(reply, request, token);
      return { user, message: translate(request.locale, 'auth.register.success') };
    },
  );

  app.post(
    '/api/kl_api/login',
    {
      schema: {
        tags: ['accounts'],
        operationId: 'startSession',
        summary: 'Log in with e-mail and password; sets the keyland_session cookie',
        body: loginRequestSchema,
        response: { 200: loginResponseSchema, ...errorResponses(400, 401, 403, 429) },
      },
    },
    async (request, reply) => {
      if (request.session) await service.logout(request.session.token);
      const result = await service.login(request.body.email, request.body.password, metaOf(request));
      if ('challenge' in result) return { totpRequired: true as const, challenge: result.challenge };
      setSessionCookie(reply, request, result.token);
      return { user: result.user };
    },
  );

  app.get(
    '/api/kl_api/user_online',
    {
      schema: {
        tags: ['accounts'],
        operationId: 'getSessionUser',
        summary: 'The user of the session cookie, or null',
        response: { 200: userOnlineResponseSchema },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return { user: request.session ? toSessionUser(request.session) : null };
    },
  );

  app.post(
    '/api/kl_api/logout',
    {
      schema: {
        tags: ['accounts'],
        operationId: 'endSession',
        summary: 'End the session (server side) and clear the cookie',
        response: { 200: okResponseSchema },
      },
    },
    async (request, reply) => {
      await service.logout(request.session?.token);
      clearSessionCookie(reply, request);
      return { success: true as const, message: 'ok' };
    },
  );

  app.post(
    '/api/kl_api/forgot_password',
    {
      schema: {
        tags: ['accounts'],
        operationId: 'requestPasswordReset',
        summary: 'E-mail a password-reset link; answers the same whether or not the account exists',
        body: forgotPasswordRequestSchema,
        response: { 200: okResponseSchema, 400: errorBodySchema, 429: errorBodySchema },
      },
    },
    async (request) => {
      await service.forgotPassword(request.body.email, metaOf(request));
      return { success: true as const, message: translate(request.locale, 'auth.forgot.sent') };
    },
  );

  app.post(
    '/api/kl_api/reset_password',
    {
      schema: {
        tags: ['accounts'],
        operationId: 'resetPassword',
        summary: 'Set a new password with a reset token; ends every session of the account',
        body: resetPasswordRequestSchema,
        response: {
          200: resetPasswordResponseSchema,
          400: errorBodySchema.extend({ success: z.literal(false).optional() }),
          429: errorBodySchema,
        },
      },
    },
    async (request, reply) => {
      try {
        await service.resetPassword(request.body.token, request.body.newPassword);
        return { success: true, message: translate(request.locale, 'auth.reset.success') };
      } catch (error) {
        if (!(error instanceof AppError) || error.status !== 400) throw error;
        return reply.status(400).send({
          success: false,
          error: error.code,
          message: translate(request.locale, `errors.${error.code}`),
        });
      }
    },
  );

  app.post(
    '/api/kl_api/verify_email',
    {
      schema: {
        tags: ['accounts'],
        operationId: 'verifyEmail',
        summary: 'Confirm an e-mail address with the token from the verification mail',
        body: tokenRequestSchema,
        response: { 200: okResponseSchema, 400: errorBodySchema },
      },
    },
    async (request) => {
      await service.verifyEmail(request.body.token);
      return { success: true as const, message: translate(request.locale, 'auth.verify.success') };
    },
  );

  app.post(
    '/api/kl_api/resend_verification',
    {
      onRequest: requireSession,
      schema: {
        tags: ['accounts'],
        operationId: 'resendVerificationEmail',
        summary: 'Send a new verification link to the logged-in customer',
        response: { 200: okResponseSchema, 401: errorBodySchema, 429: errorBodySchema },
      },
    },
    async (request) => {
      await service.resendVerification(request.session?.customerId ?? 0);
      return { success: true as const, message: translate(request.locale, 'auth.verify.resent') };
    },
  );

  app.get(
    '/api/kl_api/user_profile',
    {
      onRequest: requireSession,
      schema: {
        tags: ['accounts'],
        operationId: 'getProfile',
        summary: 'The logged-in customer’s profile',
        response: { 200: profileSchema, 401: errorBodySchema, 404: errorBodySchema },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return service.profile(request.session?.customerId ?? 0);
    },
  );

  app.post(
    '/api/kl_api/update_profile',
    {
      onRequest: requireSession,
      schema: {
        tags: ['accounts'],
        operationId: 'updateProfile',
        summary: 'Update full name, country, language and bio (HTML stripped); the e-mail cannot change',
        body: updateProfileRequestSchema,
        response: {
          200: profileSchema.extend({ message: z.string() }),
          400: errorBodySchema,
          401: errorBodySchema,
          404: errorBodySchema,
        },
      },
    },
    async (request) => {
      const profile = await service.updateProfile(request.session?.customerId ?? 0, request.body);
      return { ...profile, message: translate(toLocale(profile.lang), 'profile.saved') };
    },
  );
};
