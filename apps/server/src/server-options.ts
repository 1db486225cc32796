import type { FastifyInstance, FastifyServerOptions } from 'fastify';
import type { Config } from './config/env.ts';

/** Paths whose values never reach the logs. */
const REDACTED = [
  'req.headers.cookie',
  'req.headers.authorization',
  'res.headers["set-cookie"]',
  '*.password',
  '*.newPassword',
  '*.repeatPassword',
  '*.token',
  '*.code',
];

/** How the store's HTTP server logs, limits and times out its requests. */
export function serverOptions(config: Config, logStream?: NodeJS.WritableStream): FastifyServerOptions {
  return {
    logger:
      config.logLevel === 'silent'
        ? false
        : {
            level: config.logLevel,
            redact: { paths: REDACTED, censor: '[redacted]' },
            ...(logStream ? { stream: logStream } : {}),
          },
    bodyLimit: 64 * 1024,
    trustProxy: config.trustProxy,
    routerOptions: { maxParamLength: 200 },
    connectionTimeout: 30_000,
    requestTimeout: 30_000,
    // While shutting down, a request that reaches the process on a connection it already holds is served
    // (and its connection closed after the answer) instead of refused with 503: a balancer does not send a
    // refused POST elsewhere, so the customer's action would fail.
    return503OnClosing: false,
  };
}

/** JSON bodies are parsed strictly; a malformed one is a 400. */
export function registerJsonBodies(app: FastifyInstance): void {
  // A JSON call may carry no body at all (the spec's get_platforms, logout): read it as undefined.
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    if (text.trim() === '') return done(null, undefined);
    try {
      done(null, JSON.parse(text));
    } catch {
      const error = Object.assign(new Error('Malformed JSON body'), { statusCode: 400 });
      done(error, undefined);
    }
  });
}
