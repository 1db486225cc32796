/** PostgreSQL SQLSTATEs of a lost or refused connection (class 08, and 57P01–57P03 shutdowns). */
const SQLSTATES = new Set(['08000', '08001', '08003', '08004', '08006', '57P01', '57P02', '57P03']);
const NETWORK_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'EHOSTUNREACH']);
const MESSAGES =
  /Connection terminated|connection timeout|timeout exceeded when trying to connect|Client has encountered a connection error|Connection ended unexpectedly/i;

/**
 * Whether an error (or one of its causes: Drizzle wraps the driver's error) means the database could not
 * be reached or dropped the connection, so the request may succeed when repeated.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (let current = error, depth = 0; current && depth < 5; depth++) {
    if (typeof current !== 'object') return false;
    const { code, message, cause } = current as { code?: unknown; message?: unknown; cause?: unknown };
    if (typeof code === 'string' && (SQLSTATES.has(code) || NETWORK_CODES.has(code))) return true;
    if (typeof message === 'string' && MESSAGES.test(message)) return true;
    current = cause;
  }
  return false;
}
