import { createServer, type IncomingHttpHeaders, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { findCountry } from '@keyland/core/countries';

/**
 * A stand-in Odoo 19 for Keyland's back-office tests: `/jsonrpc` (common and object services) and
 * `/json/2/res.partner/<method>`, on a real HTTP server, following shared/reference/apis.md §1.
 * Partners live in memory. Choices not settled by apis.md are marked "(fake)".
 */

export interface FakePartner {
  id: number;
  name: string | false;
  email: string | false;
  phone: string | false;
  country_id: number | false;
  lang: string | false;
  customer_rank: number;
  active: boolean;
  kl_password: string | false;
  kl_user_role: string | false;
  kl_email_token: string | false;
  kl_email_verified: boolean;
}

/**
 * Faults for the next request, one per request, in order:
 * - `error`: the ORM call raises a ValidationError (JSON-RPC: HTTP 200 + `error`; JSON-2: 422).
 * - `access-denied`: login answers `false`, execute_kw raises AccessDenied, JSON-2 answers 401.
 * - `http-500`: an HTML Internal Server Error page. `html`: HTTP 200 with an HTML page.
 * - `slow`: the answer comes after `slowMs`. `drop`: the connection is closed without an answer.
 */
export type FakeOdooFault = 'error' | 'access-denied' | 'http-500' | 'html' | 'slow' | 'drop';

export interface RecordedCall {
  model: string;
  method: string;
  /** Positional arguments (JSON-RPC); empty for JSON-2. */
  args: unknown[];
  /** Named arguments: the execute_kw `kw`, or the JSON-2 body. */
  kwargs: Record<string, unknown>;
}

export interface RecordedRequest {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  /** The parsed JSON body, or the raw text when it was not JSON. */
  body: unknown;
  /** The JSON-RPC service and method, for `/jsonrpc`. */
  rpc?: { service: string; method: string };
  /** The ORM call, for execute_kw and JSON-2. */
  call?: RecordedCall;
}

export interface FakeOdooOptions {
  db?: string;
  user?: string;
  password?: string;
  apiKey?: string;
  uid?: number;
  /** Delay of a `slow` answer. Default 2 000 ms. */
  slowMs?: number;
  partners?: Array<Partial<FakePartner>>;
}

export interface FakeOdoo {
  url: string;
  db: string;
  user: string;
  password: string;
  apiKey: string;
  uid: number;
  partners: FakePartner[];
  requests: RecordedRequest[];
  /** The values of every `create` received, as sent. */
  createdVals(): Record<string, unknown>[];
  failNext(kind: FakeOdooFault, message?: string): void;
  close(): Promise<void>;
}

const VERSION_INFO = [19, 0, 0, 'final', 0, ''];
const PARTNER_FIELDS: ReadonlyArray<keyof FakePartner> = [
  'id',
  'name',
  'email',
  'phone',
  'country_id',
  'lang',
  'customer_rank',
  'active',
  'kl_password',
  'kl_user_role',
  'kl_email_token',
  'kl_email_verified',
];
const CHAR_FIELDS = new Set([
  'name',
  'email',
  'phone',
  'lang',
  'kl_password',
  'kl_user_role',
  'kl_email_token',
]);

/** An exception raised inside the fake Odoo, serialised the way Odoo serialises Python exceptions. */
class OdooError extends Error {
  readonly odooName: string;
  readonly httpStatus: number | undefined;

  constructor(odooName: string, message: string, httpStatus?: number) {
    super(message);
    this.odooName = odooName;
    this.httpStatus = httpStatus;
  }
}

interface Fault {
  kind: FakeOdooFault;
  message: string | undefined;
}

const faultError = (fault: Fault) => validationError(fault.message ?? 'Invalid values for the partner');
const accessDenied = () => new OdooError('odoo.exceptions.AccessDenied', 'Access Denied');
const validationError = (message: string) => new OdooError('odoo.exceptions.ValidationError', message);
const typeError = (message: string) => new OdooError('builtins.TypeError', message);
const valueError = (message: string) => new OdooError('builtins.ValueError', message);

function traceback(error: OdooError): string {
  return [
    'Traceback (most recent call last):',
    '  File "/opt/odoo/odoo/http.py", line 2212, in _transactioning',
    '    return service_model.retrying(func, env=self.env)',
    '  File "/opt/odoo/odoo/service/model.py", line 176, in retrying',
    '    result = func()',
    `${error.odooName}: ${error.message}`,
    '',
  ].join('\n');
}

function serialise(error: OdooError): Record<string, unknown> {
  return {
    name: error.odooName,
    debug: traceback(error),
    message: error.message,
    arguments: [error.message],
    context: {},
  };
}

/** JSON-2 status of an exception (fake where apis.md names none: 403, 404, 422, 500). */
function json2Status(error: OdooError): number {
  if (error.httpStatus) return error.httpStatus;
  switch (error.odooName) {
    case 'odoo.exceptions.AccessDenied':
      return 401;
    case 'odoo.exceptions.AccessError':
      return 403;
    case 'odoo.exceptions.MissingError':
      return 404;
    case 'odoo.exceptions.UserError':
    case 'odoo.exceptions.ValidationError':
      return 422;
    default:
      return 500;
  }
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** SQL LIKE with `\` as escape character, as PostgreSQL evaluates it. */
function likeToRegExp(pattern: string, caseInsensitive: boolean): RegExp {
  let source = '';
  for (let i = 0; i < pattern.length; i++) {
    const char = pattern[i] as string;
    if (char === '\\' && i + 1 < pattern.length) source += escapeRegExp(pattern[++i] as string);
    else if (char === '%') source += '.*';
    else if (char === '_') source += '.';
    else source += escapeRegExp(char);
  }
  return new RegExp(`^${source}$`, caseInsensitive ? 'is' : 's');
}

function escapeRegExp(value: string): string {
  return value.replace(/[.*+?^${}()|[\]\\/-]/g, '\\$&');
}

function matchLeaf(partner: FakePartner, leaf: unknown[]): boolean {
  const [field, operator, value] = leaf;
  if (typeof field !== 'string' || typeof operator !== 'string' || leaf.length !== 3) {
    throw valueError(`Invalid leaf ${JSON.stringify(leaf)}`);
  }
  if (!PARTNER_FIELDS.includes(field as keyof FakePartner)) {
    throw valueError(`Invalid field res.partner.${field} in leaf ${JSON.stringify(leaf)}`);
  }
  const actual = partner[field as keyof FakePartner];
  switch (operator) {
    case '=':
      return actual === value;
    case '!=':
      return actual !== value;
    case 'in':
    case 'not in': {
      if (!Array.isArray(value)) throw valueError(`Invalid leaf ${JSON.stringify(leaf)}`);
      return value.includes(actual) === (operator === 'in');
    }
    case '=like':
    case '=ilike':
    case 'like':
    case 'ilike':
    case 'not like':
    case 'not ilike': {
      if (typeof value !== 'string') throw valueError(`Invalid leaf ${JSON.stringify(leaf)}`);
      // NULL (false) never matches a LIKE, and never matches its negation either.
      if (actual === false) return false;
      const wrapped = operator.startsWith('=') ? value : `%${value}%`;
      const matches = likeToRegExp(wrapped, operator.includes('ilike')).test(String(actual));
      return operator.startsWith('not') ? !matches : matches;
    }
    default:
      throw valueError(`Invalid leaf ${JSON.stringify(leaf)}`);
  }
}

/** Evaluates an Odoo domain (implicit AND, prefix `&`, `|`, `!`). */
function compileDomain(domain: unknown): (partner: FakePartner) => boolean {
  if (!Array.isArray(domain)) throw valueError(`Invalid domain ${JSON.stringify(domain)}`);
  let position = 0;
  const parse = (): ((p: FakePartner) => boolean) => {
    const item = domain[position++];
    if (item === '&' || item === '|') {
      const left = parse();
      const right = parse();
      return item === '&' ? (p) => left(p) && right(p) : (p) => left(p) || right(p);
    }
    if (item === '!') {
      const inner = parse();
      return (p) => !inner(p);
    }
    if (!Array.isArray(item)) throw valueError(`Invalid domain ${JSON.stringify(domain)}`);
    return (p) => matchLeaf(p, item);
  };
  const terms: Array<(p: FakePartner) => boolean> = [];
  while (position < domain.length) terms.push(parse());
  // Like the ORM, archived partners are left out unless the domain names `active`.
  const mentionsActive = JSON.stringify(domain).includes('"active"');
  return (p) => (mentionsActive || p.active) && terms.every((term) => term(p));
}

interface Signature {
  params: string[];
  required: string[];
}

const SIGNATURES: Record<string, Signature> = {
  search: { params: ['domain', 'offset', 'limit', 'order'], required: ['domain'] },
  search_count: { params: ['domain', 'limit'], required: ['domain'] },
  search_read: { params: ['domain', 'fields', 'offset', 'limit', 'order'], required: [] },
  read: { params: ['fields', 'load'], required: [] },
  create: { params: ['vals_list'], required: ['vals_list'] },
};

/** Binds positional and named arguments to a method's parameters, as Python does. */
function bind(method: string, args: unknown[], kwargs: Record<string, unknown>): Record<string, unknown> {
  const signature = SIGNATURES[method] as Signature;
  const bound: Record<string, unknown> = {};
  if (args.length > signature.params.length) {
    throw typeError(
      `${method}() takes ${signature.params.length + 1} positional arguments but ${args.length + 1} were given`,
    );
  }
  args.forEach((value, index) => {
    bound[signature.params[index] as string] = value;
  });
  for (const [name, value] of Object.entries(kwargs)) {
    if (name === 'context') continue;
    if (!signature.params.includes(name))
      throw typeError(`${method}() got an unexpected keyword argument '${name}'`);
    if (name in bound) throw typeError(`${method}() got multiple values for argument '${name}'`);
    bound[name] = value;
  }
  for (const name of signature.required) {
    if (!(name in bound)) throw typeError(`${method}() missing 1 required positional argument: '${name}'`);
  }
  return bound;
}

export async function startFakeOdoo(options: FakeOdooOptions = {}): Promise<FakeOdoo> {
  const db = options.db ?? 'keyland';
  const user = options.user ?? 'store-bot@keyland.test';
  const password = options.password ?? 'service-account-password';
  const apiKey = options.apiKey ?? '6b65796c616e642d746573742d6b6579';
  const uid = options.uid ?? 7;
  const slowMs = options.slowMs ?? 2000;
  const partners: FakePartner[] = [];
  const requests: RecordedRequest[] = [];
  const faults: Fault[] = [];
  const timers = new Set<NodeJS.Timeout>();
  let nextId = 1;

  function insert(vals: Record<string, unknown>): FakePartner {
    const partner: FakePartner = {
      id: nextId++,
      name: false,
      email: false,
      phone: false,
      country_id: false,
      lang: false,
      customer_rank: 0,
      active: true,
      kl_password: false,
      kl_user_role: false,
      kl_email_token: false,
      kl_email_verified: false,
    };
    for (const [field, value] of Object.entries(vals)) {
      if (field === 'id' || !PARTNER_FIELDS.includes(field as keyof FakePartner)) {
        throw valueError(`Invalid field '${field}' on model 'res.partner'`);
      }
      if (CHAR_FIELDS.has(field) && typeof value !== 'string' && value !== false) {
        throw validationError(`Wrong value for res.partner.${field}: ${JSON.stringify(value)}`);
      }
      if (field === 'country_id' && value !== false && !(typeof value === 'number' && findCountry(value))) {
        throw validationError('The operation cannot be completed: the country does not exist.');
      }
      if (field === 'customer_rank' && !Number.isInteger(value)) {
        throw validationError(`Wrong value for res.partner.customer_rank: ${JSON.stringify(value)}`);
      }
      if ((field === 'kl_email_verified' || field === 'active') && typeof value !== 'boolean') {
        throw validationError(`Wrong value for res.partner.${field}: ${JSON.stringify(value)}`);
      }
      (partner as unknown as Record<string, unknown>)[field] = value;
    }
    if (!partner.name) throw validationError('Contacts require a name');
    partners.push(partner);
    return partner;
  }

  for (const seed of options.partners ?? []) {
    const { id: _id, ...vals } = seed;
    insert({ name: 'Keyland customer', ...vals });
  }

  /** A partner as `read` returns it: Many2one as `[id, name]`, empty values as `false`. */
  function readPartner(partner: FakePartner, fields: unknown): Record<string, unknown> {
    const names = Array.isArray(fields) && fields.length > 0 ? fields : PARTNER_FIELDS;
    const row: Record<string, unknown> = { id: partner.id };
    for (const field of names) {
      if (typeof field !== 'string' || !PARTNER_FIELDS.includes(field as keyof FakePartner)) {
        throw valueError(`Invalid field '${String(field)}' on model 'res.partner'`);
      }
      const value = partner[field as keyof FakePartner];
      if (field === 'country_id') {
        const country = typeof value === 'number' ? findCountry(value) : undefined;
        row[field] = country ? [country.id, country.nameEs] : false;
      } else {
        row[field] = value === '' ? false : value;
      }
    }
    return row;
  }

  function select(bound: Record<string, unknown>): FakePartner[] {
    const matches = partners.filter(compileDomain(bound.domain ?? []));
    const offset = typeof bound.offset === 'number' ? bound.offset : 0;
    const limit = typeof bound.limit === 'number' ? bound.limit : undefined;
    return matches.slice(offset, limit === undefined ? undefined : offset + limit);
  }

  /** Runs a res.partner method. `json2` decides what a recordset serialises to. */
  function runMethod(
    model: string,
    method: string,
    ids: unknown,
    args: unknown[],
    kwargs: Record<string, unknown>,
    json2: boolean,
  ): unknown {
    if (model !== 'res.partner') {
      if (json2) throw new OdooError('werkzeug.exceptions.NotFound', `Model '${model}' not found`, 404);
      throw new OdooError('odoo.exceptions.UserError', `Object ${model} doesn't exist`);
    }
    if (!(method in SIGNATURES)) {
      if (json2) throw new OdooError('werkzeug.exceptions.NotFound', `Method '${method}' not found`, 404);
      throw new OdooError(
        'builtins.AttributeError',
        `The method '${method}' does not exist on the model '${model}'`,
      );
    }
    let recordIds: unknown = ids;
    let positional = args;
    if (!json2 && method === 'read') {
      recordIds = args[0];
      positional = args.slice(1);
    }
    const bound = bind(method, positional, kwargs);
    switch (method) {
      case 'search':
        return select(bound).map((p) => p.id);
      case 'search_count':
        return select({ ...bound, offset: 0 }).length;
      case 'search_read':
        return select(bound).map((p) => readPartner(p, bound.fields));
      case 'read': {
        const list = Array.isArray(recordIds) ? recordIds : [recordIds];
        return list.map((id) => {
          const partner = partners.find((p) => p.id === id);
          if (!partner) {
            throw new OdooError(
              'odoo.exceptions.MissingError',
              'Record does not exist or has been deleted.\n(Record: res.partner(' +
                String(id) +
                ',), User: ' +
                uid +
                ')',
            );
          }
          return readPartner(partner, bound.fields);
        });
      }
      default: {
        // create: one dict gives one id (JSON-RPC); a list gives a list of ids, as does every JSON-2 create.
        const valsList = bound.vals_list;
        const many = Array.isArray(valsList);
        const list = many ? valsList : [valsList];
        if (!list.every(isRecord)) throw valueError('create() expects a dict or a list of dicts');
        const created = list.map((vals) => insert(vals).id);
        return many || json2 ? created : created[0];
      }
    }
  }

  function send(res: ServerResponse, status: number, body: string, headers: Record<string, string>): void {
    if (res.destroyed || res.writableEnded) return;
    res.writeHead(status, { 'content-length': String(Buffer.byteLength(body)), ...headers });
    res.end(body);
  }

  const sendJson = (
    res: ServerResponse,
    status: number,
    value: unknown,
    extra: Record<string, string> = {},
  ) =>
    send(res, status, JSON.stringify(value), { 'content-type': 'application/json; charset=utf-8', ...extra });

  function sendHtml(
    res: ServerResponse,
    status: number,
    title: string,
    text: string,
    extra: Record<string, string> = {},
  ) {
    const page = `<!doctype html>\n<html lang=en>\n<title>${title}</title>\n<h1>${title.replace(/^\d+ /, '')}</h1>\n<p>${text}</p>\n`;
    send(res, status, page, { 'content-type': 'text/html; charset=utf-8', ...extra });
  }

  function jsonContentType(headers: IncomingHttpHeaders, accepted: string[]): boolean {
    const type = (headers['content-type'] ?? '').split(';')[0]?.trim().toLowerCase() ?? '';
    return accepted.includes(type);
  }

  function handleJsonRpc(
    req: IncomingMessage,
    res: ServerResponse,
    raw: string,
    record: RecordedRequest,
    fault?: Fault,
  ) {
    // Wrong Content-Type: the request never reaches the JSON-RPC dispatcher (19.0: 415).
    if (!jsonContentType(req.headers, ['application/json', 'application/json-rpc'])) {
      return sendHtml(
        res,
        415,
        '415 Unsupported Media Type',
        'The server does not support the media type transmitted in the request.',
        {
          accept: 'application/json, application/json-rpc',
        },
      );
    }
    let request: unknown;
    try {
      request = JSON.parse(raw);
    } catch {
      return send(res, 400, 'Invalid JSON data', { 'content-type': 'text/plain; charset=utf-8' });
    }
    // (fake) a `params` that is not an object is refused like a non-object body.
    if (!isRecord(request) || (request.params !== undefined && !isRecord(request.params))) {
      return send(res, 400, 'Invalid JSON-RPC data', { 'content-type': 'text/plain; charset=utf-8' });
    }
    const id = request.id ?? null;
    const params = (request.params ?? {}) as Record<string, unknown>;
    const service = String(params.service);
    const method = String(params.method);
    const args = Array.isArray(params.args) ? params.args : [];
    record.rpc = { service, method };
    try {
      const result = dispatch(service, method, args, record, fault);
      // Odoo adds `result` only when it is not None.
      return sendJson(
        res,
        200,
        result === null || result === undefined ? { jsonrpc: '2.0', id } : { jsonrpc: '2.0', id, result },
      );
    } catch (error) {
      if (!(error instanceof OdooError)) throw error;
      return sendJson(res, 200, {
        jsonrpc: '2.0',
        id,
        error: { code: 200, message: 'Odoo Server Error', data: serialise(error) },
      });
    }
  }

  function checkDb(name: unknown): void {
    if (name !== db) {
      throw new OdooError(
        'psycopg2.OperationalError',
        `connection to server on socket "/var/run/postgresql/.s.PGSQL.5432" failed: FATAL:  database "${String(name)}" does not exist`,
      );
    }
  }

  function dispatch(
    service: string,
    method: string,
    args: unknown[],
    record: RecordedRequest,
    fault?: Fault,
  ): unknown {
    if (service === 'common') {
      if (method === 'version') {
        return {
          server_version: '19.0',
          server_version_info: VERSION_INFO,
          server_serie: '19.0',
          protocol_version: 1,
        };
      }
      if (method === 'login' || method === 'authenticate') {
        const arity = method === 'login' ? 3 : 4;
        if (args.length !== arity) {
          throw typeError(
            `exp_${method}() takes ${arity} positional arguments but ${args.length} were given`,
          );
        }
        if (fault?.kind === 'error') throw faultError(fault);
        checkDb(args[0]);
        // Bad credentials are not an error: the answer is `false`. API keys stand in for the password.
        const ok =
          fault?.kind !== 'access-denied' && args[1] === user && (args[2] === password || args[2] === apiKey);
        return ok ? uid : false;
      }
      throw new OdooError('builtins.KeyError', `'exp_${method}'`);
    }
    if (service === 'object' && method === 'execute_kw') {
      const [dbName, uidValue, secret, model, ormMethod, ormArgs, kw] = args;
      if (args.length < 6 || args.length > 7) {
        throw typeError(`execute_kw() takes from 6 to 7 positional arguments but ${args.length} were given`);
      }
      const kwargs = isRecord(kw) ? kw : {};
      record.call = {
        model: String(model),
        method: String(ormMethod),
        args: Array.isArray(ormArgs) ? ormArgs : [],
        kwargs,
      };
      checkDb(dbName);
      if (fault?.kind === 'access-denied' || uidValue !== uid || (secret !== password && secret !== apiKey)) {
        throw accessDenied();
      }
      if (!Array.isArray(ormArgs)) throw typeError('execute_kw() args must be a list');
      if (kw !== undefined && kw !== null && !isRecord(kw)) throw typeError('execute_kw() kw must be a dict');
      if (fault?.kind === 'error') throw faultError(fault);
      return runMethod(String(model), String(ormMethod), undefined, ormArgs, kwargs, false);
    }
    throw new OdooError('builtins.KeyError', `'${service}.${method}'`);
  }

  function handleJson2(
    req: IncomingMessage,
    res: ServerResponse,
    raw: string,
    record: RecordedRequest,
    fault?: Fault,
  ) {
    const [, , , model = '', method = ''] = (record.path.split('?')[0] ?? '').split('/');
    const sendError = (error: OdooError) => sendJson(res, json2Status(error), serialise(error));
    if (req.method !== 'POST') {
      return sendHtml(
        res,
        405,
        '405 Method Not Allowed',
        'The method is not allowed for the requested URL.',
        { allow: 'POST' },
      );
    }
    const database = req.headers['x-odoo-database'];
    // (fake) an unknown database is a plain 404.
    if (database !== undefined && database !== db) {
      return sendHtml(res, 404, '404 Not Found', 'The requested URL was not found on the server.');
    }
    const match = /^bearer\s+(\S+)$/i.exec(req.headers.authorization ?? '');
    if (fault?.kind === 'access-denied' || match?.[1] !== apiKey) {
      return sendJson(
        res,
        401,
        {
          ...serialise(new OdooError('werkzeug.exceptions.Unauthorized', 'Invalid apikey', 401)),
          arguments: ['Invalid apikey', 401],
        },
        { 'www-authenticate': 'Bearer' },
      );
    }
    // (fake) JSON-2 requires a JSON body: other types get 415.
    if (!jsonContentType(req.headers, ['application/json'])) {
      return sendHtml(
        res,
        415,
        '415 Unsupported Media Type',
        'The server does not support the media type transmitted in the request.',
      );
    }
    let body: unknown;
    try {
      body = JSON.parse(raw);
    } catch {
      return sendError(new OdooError('werkzeug.exceptions.BadRequest', 'Invalid JSON data', 400));
    }
    if (!isRecord(body))
      return sendError(new OdooError('werkzeug.exceptions.BadRequest', 'Invalid JSON data', 400));
    const { ids, context: _context, ...named } = body;
    record.call = { model, method, args: [], kwargs: body };
    try {
      if (fault?.kind === 'error') throw faultError(fault);
      return sendJson(res, 200, runMethod(model, method, ids, [], named, true));
    } catch (error) {
      if (!(error instanceof OdooError)) throw error;
      // An unexpected argument is a 422 whose body is a bare JSON string.
      if (error.odooName === 'builtins.TypeError') return sendJson(res, 422, error.message);
      return sendError(error);
    }
  }

  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const raw = Buffer.concat(chunks).toString('utf8');
      let body: unknown = raw;
      try {
        body = JSON.parse(raw);
      } catch {
        // kept as text
      }
      const path = req.url ?? '/';
      const record: RecordedRequest = { method: req.method ?? 'GET', path, headers: req.headers, body };
      requests.push(record);
      const fault = faults.shift();
      const answer = () => {
        try {
          if (fault?.kind === 'http-500') {
            return sendHtml(
              res,
              500,
              '500 Internal Server Error',
              'The server encountered an internal error and was unable to complete your request.',
            );
          }
          if (fault?.kind === 'html') {
            return sendHtml(res, 200, 'Keyland back office', 'The back office is under maintenance.');
          }
          if (path.split('?')[0] === '/jsonrpc') return handleJsonRpc(req, res, raw, record, fault);
          if (/^\/json\/2\/[^/]+\/[^/?]+(\?|$)/.test(path)) return handleJson2(req, res, raw, record, fault);
          return sendHtml(res, 404, '404 Not Found', 'The requested URL was not found on the server.');
        } catch (error) {
          return sendHtml(
            res,
            500,
            '500 Internal Server Error',
            `Fake Odoo failure: ${(error as Error).message}`,
          );
        }
      };
      if (fault?.kind === 'drop') {
        req.socket.destroy();
      } else if (fault?.kind === 'slow') {
        const timer = setTimeout(() => {
          timers.delete(timer);
          answer();
        }, slowMs);
        timers.add(timer);
      } else {
        answer();
      }
    });
  });

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    db,
    user,
    password,
    apiKey,
    uid,
    partners,
    requests,
    createdVals() {
      return requests.flatMap((r) => {
        if (r.call?.method !== 'create') return [];
        const vals = r.call.args.length > 0 ? r.call.args[0] : r.call.kwargs.vals_list;
        return (Array.isArray(vals) ? vals : [vals]).filter(isRecord);
      });
    },
    failNext(kind, message) {
      faults.push({ kind, message });
    },
    close() {
      for (const timer of timers) clearTimeout(timer);
      timers.clear();
      server.closeAllConnections();
      return new Promise<void>((resolve, reject) =>
        server.close((error) => (error ? reject(error) : resolve())),
      );
    },
  };
}
