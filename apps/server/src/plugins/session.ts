import type { Locale } from '@keyland/core/locales';
import { isLocale, toLocale } from '@keyland/core/locales';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../lib/app-error.ts';
import { localeFromHeader } from '../lib/i18n.ts';
import {
  type ActiveSession,
  SESSION_ABSOLUTE_MS,
  SESSION_COOKIE,
  type SessionService,
} from '../modules/accounts/session.service.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** The live session of the request's cookie, if any. */
    session: ActiveSession | undefined;
    /** The caller's language: the one the web app shows (x-ui-language), else the profile's, else Accept-Language, else English. */
    locale: Locale;
  }
}

/** Resolves the `keyland_session` cookie on every API call and sets the caller's language. */
export const sessionPlugin = fp<{ sessions: SessionService }>(
  async (app, { sessions }) => {
    app.decorateRequest('session', undefined);
    app.decorateRequest('locale', 'en');
    app.addHook('onRequest', async (request) => {
      request.locale = localeFromHeader(request.headers['accept-language']);
      if (!request.url.startsWith('/api/')) return;
      const session = await sessions.resolve(request.cookies[SESSION_COOKIE]);
      request.session = session;
      // The language the visitor is reading (sent by the web app) wins; else the profile's.
      const shown = request.headers['x-ui-language'];
      if (typeof shown === 'string' && isLocale(shown)) request.locale = shown;
      else if (session) request.locale = toLocale(session.lang, request.locale);
    });
  },
  { name: 'session', dependencies: ['@fastify/cookie'] },
);

export function setSessionCookie(reply: FastifyReply, request: FastifyRequest, token: string): void {
  reply.setCookie(SESSION_COOKIE, token, {
    httpOnly: true,
    sameSite: 'lax',
    path: '/',
    secure: request.protocol === 'https',
    maxAge: Math.floor(SESSION_ABSOLUTE_MS / 1000),
  });
}

export function clearSessionCookie(reply: FastifyReply, request: FastifyRequest): void {
  reply.clearCookie(SESSION_COOKIE, {
    httpOnly: true,
    sameSite: 'lax',
    path: '/',
    secure: request.protocol === 'https',
  });
}

/** preHandler for calls that need a logged-in customer: 401 otherwise. */
export async function requireSession(request: FastifyRequest): Promise<void> {
  if (!request.session) throw new AppError('UNAUTHENTICATED', 'Log in to continue');
}

/** preHandler for admin calls: 401 without a session, 403 for a non-admin. */
export async function requireAdmin(request: FastifyRequest): Promise<void> {
  if (!request.session) throw new AppError('UNAUTHENTICATED', 'Log in to continue');
  if (request.session.role !== 'admin') throw new AppError('FORBIDDEN', 'Not allowed');
}

export type { FastifyInstance };
