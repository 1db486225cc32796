import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { OdooConfig } from '../../src/config/env.ts';
import {
  type BackOffice,
  BackOfficeError,
  type PartnerFields,
} from '../../src/modules/backoffice/backoffice.port.ts';
import {
  createOdooBackOffice,
  type OdooBackOfficeOptions,
} from '../../src/modules/backoffice/odoo.adapter.ts';
import { type FakeOdoo, startFakeOdoo } from './fake-odoo-server.ts';

const jane: PartnerFields = {
  name: 'Jane Doe',
  email: 'jane.doe@keyland.test',
  countryId: 64,
  customerRank: 1,
  klUserRole: 'user',
  klEmailToken: '',
  klEmailVerified: false,
};

const SPEC_VALS = {
  name: 'Jane Doe',
  email: 'jane.doe@keyland.test',
  country_id: 64,
  customer_rank: 1,
  kl_user_role: 'user',
  kl_email_token: '',
  kl_email_verified: false,
};

async function rejection(promise: Promise<unknown>): Promise<BackOfficeError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(BackOfficeError);
  return error as BackOfficeError;
}

describe.each(['jsonrpc', 'json2'] as const)('Odoo back office over %s', (protocol) => {
  let odoo: FakeOdoo;

  beforeEach(async () => {
    odoo = await startFakeOdoo({
      slowMs: 1000,
      partners: [{ name: 'Jo Underscore', email: 'jo_e@keyland.test' }],
    });
  });
  afterEach(() => odoo.close());

  function config(overrides: Partial<OdooConfig> = {}): OdooConfig {
    return {
      url: odoo.url,
      db: odoo.db,
      user: odoo.user,
      password: protocol === 'json2' ? odoo.apiKey : odoo.password,
      protocol,
      ...overrides,
    };
  }

  const backOffice = (overrides: Partial<OdooConfig> = {}, options: OdooBackOfficeOptions = {}): BackOffice =>
    createOdooBackOffice(config(overrides), options);

  it('reports an unknown e-mail as free', async () => {
    const bo = backOffice();
    expect(bo.kind).toBe('odoo');
    expect(await bo.partnerExists('jane.doe@keyland.test')).toBe(false);
  });

  it('creates the partner with exactly the spec fields and never a password', async () => {
    const bo = backOffice();
    const id = await bo.createPartner(jane);
    expect(id).toMatch(/^\d+$/);

    const stored = odoo.partners.find((p) => String(p.id) === id);
    expect(stored).toMatchObject({ ...SPEC_VALS, active: true, kl_password: false });

    const vals = odoo.createdVals();
    expect(vals).toEqual([SPEC_VALS]);
    expect(Object.keys(vals[0] ?? {}).some((key) => /pass/i.test(key))).toBe(false);
  });

  it('finds the partner afterwards, whatever the letter case', async () => {
    const bo = backOffice();
    await bo.createPartner(jane);
    expect(await bo.partnerExists('jane.doe@keyland.test')).toBe(true);
    expect(await bo.partnerExists('Jane.Doe@KEYLAND.test')).toBe(true);
    expect(await bo.partnerExists('jane.doe@keyland.tes')).toBe(false);
    expect(await bo.partnerExists('ane.doe@keyland.test')).toBe(false);
  });

  it('compares the whole address: % and _ are not wildcards', async () => {
    const bo = backOffice();
    expect(await bo.partnerExists('JO_E@keyland.test')).toBe(true);
    expect(await bo.partnerExists('jo1e@keyland.test')).toBe(false);
    expect(await bo.partnerExists('%@keyland.test')).toBe(false);
    expect(await bo.partnerExists('j%')).toBe(false);
  });

  it('sends the search as the protocol expects it', async () => {
    await backOffice().partnerExists('jane.doe@keyland.test');
    const search = odoo.requests.find((r) => r.call?.method === 'search');
    expect(search?.headers['content-type']).toMatch(/^application\/json/);
    if (protocol === 'jsonrpc') {
      expect(search?.path).toBe('/jsonrpc');
      expect(search?.body).toMatchObject({
        jsonrpc: '2.0',
        method: 'call',
        params: {
          service: 'object',
          method: 'execute_kw',
          args: [
            odoo.db,
            odoo.uid,
            odoo.password,
            'res.partner',
            'search',
            [[['email', '=ilike', 'jane.doe@keyland.test']]],
            { limit: 1 },
          ],
        },
      });
    } else {
      expect(search?.path).toBe('/json/2/res.partner/search');
      expect(search?.headers.authorization).toBe(`bearer ${odoo.apiKey}`);
      expect(search?.headers['x-odoo-database']).toBe(odoo.db);
      expect(search?.body).toEqual({ domain: [['email', '=ilike', 'jane.doe@keyland.test']], limit: 1 });
    }
  });

  it('refuses wrong credentials with a clear message that holds no secret', async () => {
    const error = await rejection(
      backOffice({ password: 'wrong-secret' }).partnerExists('jane.doe@keyland.test'),
    );
    expect(error.message).toMatch(/^Back office login failed/);
    expect(error.message).not.toContain('wrong-secret');
  });

  it('surfaces a server error with its message but without the traceback', async () => {
    const bo = backOffice();
    await bo.partnerExists('warm-up@keyland.test');
    odoo.failNext('error', 'Invalid e-mail address for a Keyland customer');
    const error = await rejection(bo.createPartner(jane));
    expect(error.message).toBe(
      'Back office refused the request' +
        (protocol === 'json2' ? ' (HTTP 422)' : '') +
        ': Invalid e-mail address for a Keyland customer',
    );
    expect(error.message).not.toMatch(/Traceback|http\.py/);
    expect(error.remoteName).toBe('odoo.exceptions.ValidationError');
    expect(odoo.partners.some((p) => p.email === jane.email)).toBe(false);
  });

  it('turns an HTML answer into a BackOfficeError', async () => {
    odoo.failNext('html');
    const error = await rejection(backOffice().partnerExists('jane.doe@keyland.test'));
    expect(error.message).toBe('Back office answered with something other than JSON (HTTP 200, text/html)');
  });

  it('turns an HTTP 500 into a BackOfficeError', async () => {
    odoo.failNext('http-500');
    const error = await rejection(backOffice().partnerExists('jane.doe@keyland.test'));
    expect(error.message).toBe('Back office answered HTTP 500');
    expect(error.status).toBe(500);
  });

  it('gives up on a slow answer', async () => {
    odoo.failNext('slow');
    const error = await rejection(backOffice({}, { timeoutMs: 100 }).partnerExists('jane.doe@keyland.test'));
    expect(error.message).toBe('Back office did not answer within 100 ms');
  });

  it('reports a dropped connection and an unreachable server', async () => {
    odoo.failNext('drop');
    const dropped = await rejection(backOffice().partnerExists('jane.doe@keyland.test'));
    expect(dropped.message).toMatch(/^Back office unreachable/);

    const url = odoo.url;
    await odoo.close();
    const refused = await rejection(backOffice({ url }).partnerExists('jane.doe@keyland.test'));
    expect(refused.message).toBe('Back office unreachable (ECONNREFUSED)');
    odoo = await startFakeOdoo();
  });

  it('uses the fetch it is given', async () => {
    let calls = 0;
    const counting: typeof fetch = (input, init) => {
      calls++;
      return fetch(input, init);
    };
    await backOffice({}, { fetch: counting }).partnerExists('jane.doe@keyland.test');
    expect(calls).toBeGreaterThan(0);
  });
});

describe('Odoo back office over jsonrpc: the session', () => {
  let odoo: FakeOdoo;

  beforeEach(async () => {
    odoo = await startFakeOdoo();
  });
  afterEach(() => odoo.close());

  const backOffice = () =>
    createOdooBackOffice({
      url: odoo.url,
      db: odoo.db,
      user: odoo.user,
      password: odoo.password,
      protocol: 'jsonrpc',
    });
  const logins = () =>
    odoo.requests.filter((r) => r.rpc?.service === 'common' && r.rpc.method === 'login').length;

  it('logs in once and keeps the uid', async () => {
    const bo = backOffice();
    await Promise.all([bo.partnerExists('a@keyland.test'), bo.partnerExists('b@keyland.test')]);
    await bo.createPartner(jane);
    expect(logins()).toBe(1);
    expect(odoo.requests[0]?.body).toMatchObject({
      params: { service: 'common', method: 'login', args: [odoo.db, odoo.user, odoo.password] },
    });
  });

  it('accepts a create answered with a list of ids', async () => {
    const bo = createOdooBackOffice(
      { url: odoo.url, db: odoo.db, user: odoo.user, password: odoo.password, protocol: 'jsonrpc' },
      {
        fetch: async (_input, init) => {
          const body = JSON.parse(String(init?.body)) as {
            id: number;
            params: { method: string; args: unknown[] };
          };
          const result = body.params.method === 'login' ? 7 : [42];
          return new Response(JSON.stringify({ jsonrpc: '2.0', id: body.id, result }), {
            headers: { 'content-type': 'application/json' },
          });
        },
      },
    );
    expect(await bo.createPartner(jane)).toBe('42');
  });

  it('logs in again once when a kept uid is refused', async () => {
    const bo = backOffice();
    await bo.partnerExists('a@keyland.test');
    odoo.failNext('access-denied');
    expect(await bo.partnerExists('a@keyland.test')).toBe(false);
    expect(logins()).toBe(2);
  });

  it('does not loop when the new login is refused too', async () => {
    const bo = backOffice();
    await bo.partnerExists('a@keyland.test');
    odoo.failNext('access-denied');
    odoo.failNext('access-denied');
    const error = await rejection(bo.partnerExists('a@keyland.test'));
    expect(error.message).toMatch(/^Back office login failed/);
    expect(logins()).toBe(2);
  });

  it('does not retry an AccessDenied right after a fresh login', async () => {
    const methods: string[] = [];
    const bo = createOdooBackOffice(
      {
        url: 'http://odoo.keyland.test',
        db: 'keyland',
        user: 'bot',
        password: 'secret',
        protocol: 'jsonrpc',
      },
      {
        fetch: async (_input, init) => {
          const body = JSON.parse(String(init?.body)) as { id: number; params: { method: string } };
          methods.push(body.params.method);
          const reply =
            body.params.method === 'login'
              ? { result: 7 }
              : {
                  error: {
                    code: 200,
                    message: 'Odoo Server Error',
                    data: {
                      name: 'odoo.exceptions.AccessDenied',
                      message: 'Access Denied',
                      debug: 'Traceback …',
                    },
                  },
                };
          return Response.json({ jsonrpc: '2.0', id: body.id, ...reply });
        },
      },
    );
    const error = await rejection(bo.partnerExists('a@keyland.test'));
    expect(error.message).toBe('Back office refused the request: Access Denied');
    expect(methods).toEqual(['login', 'execute_kw']);
  });

  it('reports an unknown database with the server message', async () => {
    const bo = createOdooBackOffice({
      url: odoo.url,
      db: 'other',
      user: odoo.user,
      password: odoo.password,
      protocol: 'jsonrpc',
    });
    const error = await rejection(bo.partnerExists('a@keyland.test'));
    expect(error.message).toMatch(/^Back office refused the request: .*database "other" does not exist/);
  });
});

describe('the fake Odoo follows the protocol', () => {
  let odoo: FakeOdoo;

  beforeEach(async () => {
    odoo = await startFakeOdoo();
  });
  afterEach(() => odoo.close());

  const rpc = (body: unknown, contentType = 'application/json') =>
    fetch(`${odoo.url}/jsonrpc`, {
      method: 'POST',
      headers: { 'content-type': contentType },
      body: JSON.stringify(body),
    });
  const call = (service: string, method: string, args: unknown[], id: unknown = 1) =>
    rpc({ jsonrpc: '2.0', method: 'call', params: { service, method, args }, id });

  it('answers login with a uid, or false for bad credentials', async () => {
    expect(await (await call('common', 'login', [odoo.db, odoo.user, odoo.password])).json()).toEqual({
      jsonrpc: '2.0',
      id: 1,
      result: odoo.uid,
    });
    expect(await (await call('common', 'login', [odoo.db, odoo.user, 'nope'], null)).json()).toEqual({
      jsonrpc: '2.0',
      id: null,
      result: false,
    });
    const version = (await (await call('common', 'version', [])).json()) as {
      result: { server_serie: string };
    };
    expect(version.result.server_serie).toBe('19.0');
  });

  it('answers errors with HTTP 200 and an error member', async () => {
    const response = await call('object', 'execute_kw', [
      odoo.db,
      odoo.uid,
      'nope',
      'res.partner',
      'search',
      [[]],
    ]);
    expect(response.status).toBe(200);
    const body = (await response.json()) as {
      error: { code: number; message: string; data: Record<string, unknown> };
    };
    expect(body).not.toHaveProperty('result');
    expect(body.error).toMatchObject({
      code: 200,
      message: 'Odoo Server Error',
      data: { name: 'odoo.exceptions.AccessDenied', message: 'Access Denied', arguments: ['Access Denied'] },
    });
    expect(body.error.data.debug).toMatch(/^Traceback/);
  });

  it('filters with =, =ilike and ilike, and counts and reads', async () => {
    const exec = async (method: string, args: unknown[], kw: Record<string, unknown> = {}) =>
      (
        (await (
          await call('object', 'execute_kw', [
            odoo.db,
            odoo.uid,
            odoo.password,
            'res.partner',
            method,
            args,
            kw,
          ])
        ).json()) as { result: unknown }
      ).result;
    const id = await exec('create', [{ name: 'Ann Smith', email: 'Ann@Keyland.test', country_id: 20 }]);
    expect(id).toBe(1);
    expect(await exec('create', [[{ name: 'Bob Smith', email: 'bob@keyland.test' }]])).toEqual([2]);
    expect(await exec('search', [[['email', '=', 'ann@keyland.test']]])).toEqual([]);
    expect(await exec('search', [[['email', '=ilike', 'ann@keyland.test']]])).toEqual([1]);
    expect(await exec('search', [[['email', 'ilike', 'KEYLAND']]])).toEqual([1, 2]);
    expect(
      await exec('search_count', [['|', ['email', '=', 'bob@keyland.test'], ['name', 'ilike', 'ann']]]),
    ).toBe(2);
    expect(await exec('read', [[1]], { fields: ['name', 'country_id', 'phone'] })).toEqual([
      { id: 1, name: 'Ann Smith', country_id: [20, 'Bélgica'], phone: false },
    ]);
  });

  it('refuses a non-JSON content type and a non-JSON body outside JSON-RPC', async () => {
    const wrongType = await rpc({ jsonrpc: '2.0', params: {} }, 'text/plain');
    expect(wrongType.status).toBe(415);
    expect(wrongType.headers.get('accept')).toContain('application/json');
    const garbage = await fetch(`${odoo.url}/jsonrpc`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{not json',
    });
    expect(garbage.status).toBe(400);
    expect(await garbage.text()).toBe('Invalid JSON data');
    const notObject = await rpc([1, 2]);
    expect(notObject.status).toBe(400);
    expect(await notObject.text()).toBe('Invalid JSON-RPC data');
  });

  it('answers JSON-2 with bare values, 401 for a bad key and a string body for an unexpected argument', async () => {
    const json2 = (method: string, body: unknown, key = odoo.apiKey) =>
      fetch(`${odoo.url}/json/2/res.partner/${method}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `bearer ${key}` },
        body: JSON.stringify(body),
      });
    const created = await json2('create', { vals_list: [{ name: 'Ann Smith', email: 'ann@keyland.test' }] });
    expect(created.status).toBe(200);
    expect(await created.json()).toEqual([1]);
    expect(
      await (await json2('search', { domain: [['email', '=ilike', 'ANN@keyland.test']] })).json(),
    ).toEqual([1]);

    const unauthorised = await json2('search', { domain: [] }, 'nope');
    expect(unauthorised.status).toBe(401);
    expect(await unauthorised.json()).toMatchObject({
      name: 'werkzeug.exceptions.Unauthorized',
      message: 'Invalid apikey',
    });

    const unexpected = await json2('search', { domain: [], colour: 'red' });
    expect(unexpected.status).toBe(422);
    expect(await unexpected.json()).toBe("search() got an unexpected keyword argument 'colour'");
  });
});
