import type { OdooConfig } from '../../config/env.ts';
import { type BackOffice, BackOfficeError, type PartnerFields } from './backoffice.port.ts';

export interface OdooBackOfficeOptions {
  fetch?: typeof fetch;
  /** Time allowed for each call, answer body included. Default 10 s. */
  timeoutMs?: number;
}

const DEFAULT_TIMEOUT_MS = 10_000;
const PARTNER_MODEL = 'res.partner';
const ACCESS_DENIED = 'odoo.exceptions.AccessDenied';
/** Longest text of the back office that goes into an error message. */
const MAX_DETAIL = 300;

interface Answer {
  status: number;
  contentType: string;
  text: string;
}

type Post = (url: string, headers: Record<string, string>, body: unknown) => Promise<Answer>;

/**
 * Customers as `res.partner` records of an Odoo back office, over the JSON-RPC API (`/jsonrpc`, up to
 * Odoo 21) or the JSON-2 API (`/json/2`, Odoo 19 and later).
 */
export function createOdooBackOffice(config: OdooConfig, options: OdooBackOfficeOptions = {}): BackOffice {
  const post = createPost(options.fetch ?? fetch, options.timeoutMs ?? DEFAULT_TIMEOUT_MS);
  const call = config.protocol === 'json2' ? json2Caller(config, post) : jsonRpcCaller(config, post);
  return {
    kind: 'odoo',
    async partnerExists(email) {
      const ids = await call('search', [emailDomain(email)], { limit: 1 });
      if (!Array.isArray(ids)) throw unexpected('search');
      return ids.length > 0;
    },
    async createPartner(fields) {
      const result = await call('create', [partnerVals(fields)], {});
      const id = Array.isArray(result) ? result[0] : result;
      if (typeof id !== 'number' || !Number.isInteger(id) || id <= 0) throw unexpected('create');
      return String(id);
    },
  };
}

/**
 * `=ilike` compares case-insensitively and, unlike `ilike`, adds no `%` around the value, so it matches
 * the whole address. It is still a LIKE pattern: `%`, `_` and `\` are escaped so that `jo_e@…` does not
 * match `joe1@…`. Plain `=` would miss partners whose address was typed with capitals in the back office.
 */
function emailDomain(email: string): unknown[] {
  return [['email', '=ilike', email.replace(/[\\%_]/g, '\\$&')]];
}

/** The partner values of spec §3. No password of any form is sent. */
function partnerVals(fields: PartnerFields): Record<string, unknown> {
  return {
    name: fields.name,
    email: fields.email,
    country_id: fields.countryId,
    customer_rank: fields.customerRank,
    kl_user_role: fields.klUserRole,
    kl_email_token: fields.klEmailToken,
    kl_email_verified: fields.klEmailVerified,
  };
}

/** Calls a `res.partner` method with positional `args`, and `kw` (named arguments). */
type PartnerCall = (
  method: 'search' | 'create',
  args: unknown[],
  kw: Record<string, unknown>,
) => Promise<unknown>;

function jsonRpcCaller(config: OdooConfig, post: Post): PartnerCall {
  let nextId = 1;
  let uid: Promise<number> | undefined;

  async function rpc(service: string, method: string, args: unknown[]): Promise<unknown> {
    const id = nextId++;
    const answer = await post(
      `${config.url}/jsonrpc`,
      { 'content-type': 'application/json', accept: 'application/json' },
      { jsonrpc: '2.0', method: 'call', params: { service, method, args }, id },
    );
    // Odoo answers JSON-RPC errors with HTTP 200; any other status comes from a proxy or a refused request.
    if (answer.status !== 200) throw httpError(answer);
    const reply = parseJson(answer);
    if (!isRecord(reply))
      throw new BackOfficeError('Back office answered with something other than JSON-RPC');
    if (reply.error !== undefined && reply.error !== null) throw rpcError(reply.error);
    if (reply.id !== id) throw new BackOfficeError('Back office answered another JSON-RPC request');
    if (!('result' in reply)) throw new BackOfficeError(`Back office answered ${method} without a result`);
    return reply.result;
  }

  function login(): Promise<number> {
    if (uid) return uid;
    const attempt = rpc('common', 'login', [config.db, config.user, config.password]).then((result) => {
      // Bad credentials are not an error in Odoo: login answers `false`.
      if (result === false) {
        throw new BackOfficeError('Back office login failed: check ODOO_DB, ODOO_USER and ODOO_PASSWORD');
      }
      if (typeof result !== 'number' || !Number.isInteger(result) || result <= 0) throw unexpected('login');
      return result;
    });
    uid = attempt;
    attempt.catch(() => {
      if (uid === attempt) uid = undefined;
    });
    return attempt;
  }

  const executeKw = async (uidValue: number, method: string, args: unknown[], kw: Record<string, unknown>) =>
    rpc('object', 'execute_kw', [config.db, uidValue, config.password, PARTNER_MODEL, method, args, kw]);

  return async (method, args, kw) => {
    const cached = uid;
    const uidValue = await login();
    try {
      return await executeKw(uidValue, method, args, kw);
    } catch (error) {
      // A uid from an earlier login may be stale (password or key changed): log in again, once. Odoo
      // checks the credentials before running the method, so nothing was written by the refused call.
      if (!cached || !(error instanceof BackOfficeError) || error.remoteName !== ACCESS_DENIED) throw error;
      if (uid === cached) uid = undefined;
      return executeKw(await login(), method, args, kw);
    }
  };
}

/** JSON-2 takes named arguments only: search(domain, …) and create(vals_list). */
function json2Caller(config: OdooConfig, post: Post): PartnerCall {
  const headers: Record<string, string> = {
    'content-type': 'application/json; charset=utf-8',
    accept: 'application/json',
    authorization: `bearer ${config.password}`,
  };
  if (config.db) headers['x-odoo-database'] = config.db;

  return async (method, args, kw) => {
    const params = method === 'search' ? { domain: args[0], ...kw } : { vals_list: args, ...kw };
    const answer = await post(`${config.url}/json/2/${PARTNER_MODEL}/${method}`, headers, params);
    if (answer.status === 200) return parseJson(answer);
    throw json2Error(answer);
  };
}

function createPost(doFetch: typeof fetch, timeoutMs: number): Post {
  return async (url, headers, body) => {
    try {
      const response = await doFetch(url, {
        method: 'POST',
        headers,
        body: JSON.stringify(body),
        // A redirected POST turns into a GET; report the redirect instead.
        redirect: 'manual',
        signal: AbortSignal.timeout(timeoutMs),
      });
      const text = await response.text();
      return { status: response.status, contentType: response.headers.get('content-type') ?? '', text };
    } catch (error) {
      if (error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError')) {
        throw new BackOfficeError(`Back office did not answer within ${formatSeconds(timeoutMs)}`, {
          cause: error,
        });
      }
      const code = (error as { cause?: { code?: unknown } } | null)?.cause?.code;
      throw new BackOfficeError(`Back office unreachable${typeof code === 'string' ? ` (${code})` : ''}`, {
        cause: error,
      });
    }
  };
}

function parseJson(answer: Answer): unknown {
  try {
    return JSON.parse(answer.text);
  } catch {
    const type = answer.contentType.split(';')[0]?.trim() || 'no content type';
    throw new BackOfficeError(
      `Back office answered with something other than JSON (HTTP ${answer.status}, ${clip(type)})`,
      { status: answer.status },
    );
  }
}

/** The JSON-RPC `error` member: `data.message` is the exception's text; `data.debug` (a traceback) is never used. */
function rpcError(error: unknown): BackOfficeError {
  const data = isRecord(error) && isRecord(error.data) ? error.data : {};
  const message =
    text(data.message) ?? (isRecord(error) ? text(error.message) : undefined) ?? 'unknown error';
  return new BackOfficeError(`Back office refused the request: ${clip(message)}`, {
    remoteName: text(data.name),
  });
}

/** JSON-2 errors: a 4xx/5xx status with `{name, message, arguments, context, debug}`, or a bare JSON string. */
function json2Error(answer: Answer): BackOfficeError {
  let body: unknown;
  try {
    body = JSON.parse(answer.text);
  } catch {
    return httpError(answer);
  }
  const message = typeof body === 'string' ? text(body) : isRecord(body) ? text(body.message) : undefined;
  const remoteName = isRecord(body) ? text(body.name) : undefined;
  if (answer.status === 401) {
    return new BackOfficeError(`Back office login failed: ${clip(message ?? 'API key refused')}`, {
      status: 401,
      remoteName,
    });
  }
  if (!message) return httpError(answer);
  return new BackOfficeError(`Back office refused the request (HTTP ${answer.status}): ${clip(message)}`, {
    status: answer.status,
    remoteName,
  });
}

function httpError(answer: Answer): BackOfficeError {
  return new BackOfficeError(`Back office answered HTTP ${answer.status}`, { status: answer.status });
}

function unexpected(method: string): BackOfficeError {
  return new BackOfficeError(`Back office answered ${method} with an unexpected value`);
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function text(value: unknown): string | undefined {
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined;
}

function clip(value: string): string {
  const line = value.replace(/\s+/g, ' ');
  return line.length > MAX_DETAIL ? `${line.slice(0, MAX_DETAIL - 1)}…` : line;
}

function formatSeconds(ms: number): string {
  return ms >= 1000 && ms % 1000 === 0 ? `${ms / 1000} s` : `${ms} ms`;
}
