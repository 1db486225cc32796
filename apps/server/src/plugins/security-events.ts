import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

/**
 * Security-relevant events written as structured log lines (`securityEvent` names the event), read from
 * each answered request so that no feature has to remember to log them: logins (by password or passkey),
 * their failures and lockouts, password resets, passkeys added and removed, refused role checks,
 * activation-key reveals and refunds. They carry who (account id,
 * masked e-mail, IP), what and the outcome (status, error code), never a password, token, key or code.
 */
export type SecurityEvent =
  | 'auth.login_succeeded'
  | 'auth.login_failed'
  | 'auth.locked_out'
  | 'auth.password_reset_requested'
  | 'auth.password_reset'
  | 'auth.password_reset_failed'
  | 'auth.passkey_added'
  | 'auth.passkey_removed'
  | 'access.denied'
  | 'admin.key_revealed'
  | 'admin.refund'
  | 'admin.refund_failed';

/** `ada@example.com` → `a***@example.com`: enough to follow an attack, not a list of addresses. */
export function maskEmail(value: unknown): string | undefined {
  if (typeof value !== 'string' || value.length > 320) return undefined;
  const at = value.lastIndexOf('@');
  if (at < 1) return '***';
  return `${value[0]}***${value.slice(at).toLowerCase()}`;
}

const errorCodes = new WeakMap<FastifyRequest, string>();
const loggedIn = new WeakMap<FastifyRequest, number>();

/** The account a request logged in without naming it (a passkey names no e-mail), for its event. */
export function noteLoggedIn(request: FastifyRequest, customerId: number): void {
  loggedIn.set(request, customerId);
}

function classify(request: FastifyRequest, reply: FastifyReply): SecurityEvent | undefined {
  const route = request.routeOptions.url ?? '';
  const status = reply.statusCode;
  const ok = status < 400;
  switch (route) {
    case '/api/kl_api/login':
    case '/api/kl_api/login/passkey/finish':
      if (status === 429) return 'auth.locked_out';
      return ok ? 'auth.login_succeeded' : 'auth.login_failed';
    case '/api/kl_api/forgot_password':
      return status === 429 ? 'auth.locked_out' : 'auth.password_reset_requested';
    case '/api/kl_api/reset_password':
      return ok ? 'auth.password_reset' : 'auth.password_reset_failed';
    case '/api/account/passkeys/registration/finish':
      if (ok) return 'auth.passkey_added';
      break;
    case '/api/account/passkeys/:id/remove':
      if (ok) return 'auth.passkey_removed';
      break;
    case '/api/admin/keys/:keyId/reveal':
      if (ok) return 'admin.key_revealed';
      break;
    case '/api/admin/orders/:id/cancel':
      if (ok) return 'admin.refund';
      if (status >= 500) return 'admin.refund_failed';
      break;
  }
  if ((status === 401 || status === 403) && request.url.startsWith('/api/admin/')) return 'access.denied';
  if (status === 403) return 'access.denied';
  return undefined;
}

export function registerSecurityEvents(app: FastifyInstance): void {
  // Callback hooks: they never wait, and they run on every answer.
  app.addHook('onSend', (request, reply, payload, done) => {
    if (reply.statusCode >= 400 && typeof payload === 'string') {
      const code = /"error":"([A-Z_]{2,60})"/.exec(payload)?.[1];
      if (code) errorCodes.set(request, code);
    }
    done(null, payload);
  });
  app.addHook('onResponse', (request, reply, done) => {
    logSecurityEvent(request, reply);
    done();
  });
}

function logSecurityEvent(request: FastifyRequest, reply: FastifyReply): void {
  const event = classify(request, reply);
  if (!event) return;
  const body = (request.body ?? {}) as Record<string, unknown>;
  const params = (request.params ?? {}) as Record<string, unknown>;
  const entry = {
    securityEvent: event,
    outcome: reply.statusCode < 400 ? 'success' : 'failure',
    status: reply.statusCode,
    error: errorCodes.get(request),
    method: request.method,
    route: request.routeOptions.url ?? request.url.split('?')[0],
    ip: request.ip,
    accountId: request.session?.customerId ?? loggedIn.get(request),
    role: request.session?.role,
    email: event.startsWith('auth.') ? maskEmail(body.email) : undefined,
    keyId: event === 'admin.key_revealed' ? params.keyId : undefined,
    orderId: event.startsWith('admin.refund') ? params.id : undefined,
  };
  const level = entry.outcome === 'success' ? 'info' : 'warn';
  request.log[level](entry, `security: ${event}`);
}
