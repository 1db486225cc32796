import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeOdoo, startFakeOdoo } from '../backoffice/fake-odoo-server.ts';
import { createClient } from '../helpers/http.ts';
import { buildTestApp, type TestContext } from '../helpers/test-app.ts';
import { queryRows, testDbKind } from '../helpers/test-db.ts';

const PASSWORD = 'correct horse battery';
const body = (email: string) => ({
  fullName: 'Jaan Tamm',
  email,
  country: 64,
  password: PASSWORD,
  repeatPassword: PASSWORD,
  acceptTerms: true,
  language: 'et',
});

describe.each(['jsonrpc', 'json2'] as const)(
  `registration through the Odoo back office (%s, ${testDbKind})`,
  (protocol) => {
    let odoo: FakeOdoo;
    let ctx: TestContext;

    beforeAll(async () => {
      odoo = await startFakeOdoo({
        partners: [{ name: 'Existing Partner', email: 'Existing@Odoo.example' }],
      });
      ctx = await buildTestApp({
        BACKOFFICE: 'odoo',
        ODOO_URL: odoo.url,
        ODOO_DB: odoo.db,
        ODOO_USER: odoo.user,
        ODOO_PASSWORD: protocol === 'json2' ? odoo.apiKey : odoo.password,
        ODOO_PROTOCOL: protocol,
      });
    });

    afterAll(async () => {
      await ctx?.close();
      await odoo?.close();
    });

    it('creates the partner with the spec fields, no password, and keeps its id', async () => {
      const response = await createClient(ctx.app).post('/api/kl_api/register', body('jaan@example.ee'));
      expect(response.statusCode).toBe(200);
      const partner = odoo.partners.find((p) => p.email === 'jaan@example.ee');
      expect(partner).toMatchObject({
        name: 'Jaan Tamm',
        country_id: 64,
        customer_rank: 1,
        kl_user_role: 'user',
        kl_email_verified: false,
      });
      for (const vals of odoo.createdVals()) {
        expect(Object.keys(vals)).not.toContain('kl_password');
        expect(JSON.stringify(vals)).not.toContain(PASSWORD);
      }
      const [row] = await queryRows<{ backoffice_partner_id: string }>(
        ctx.dbHandle,
        sql`select backoffice_partner_id from customers where email = 'jaan@example.ee'`,
      );
      expect(row?.backoffice_partner_id).toBe(String(partner?.id));
    });

    it('answers 409 when the back office already has the e-mail', async () => {
      const response = await createClient(ctx.app, { language: 'es' }).post(
        '/api/kl_api/register',
        body('existing@odoo.example'),
      );
      expect(response.statusCode).toBe(409);
      expect(response.json()).toMatchObject({
        error: 'EMAIL_TAKEN',
        message: 'El correo ya está registrado',
      });
    });

    it('surfaces a back-office error clearly and writes nothing', async () => {
      odoo.failNext('error', 'Country is mandatory');
      const first = await createClient(ctx.app, { language: 'es' }).post(
        '/api/kl_api/register',
        body('fails@example.ee'),
      );
      // The first call of the two (search, create) that meets the fault fails the registration.
      expect(first.statusCode).toBe(502);
      expect(first.json()).toMatchObject({
        error: 'CUSTOMER_NOT_CREATED',
        message: 'Error creando el cliente',
      });
      const rows = await queryRows(
        ctx.dbHandle,
        sql`select id from customers where email = 'fails@example.ee'`,
      );
      expect(rows).toEqual([]);
      const retry = await createClient(ctx.app).post('/api/kl_api/register', body('fails@example.ee'));
      expect(retry.statusCode).toBe(200);
    });
  },
);
