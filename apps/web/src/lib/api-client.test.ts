import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { setupI18n } from '#src/testing/test-utils.tsx';
import { ApiError, api, getErrorMessage } from './api-client.ts';
import { i18n } from './i18n.ts';

function jsonResponse(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

describe('api client', () => {
  beforeAll(() => setupI18n('es'));
  afterEach(() => vi.unstubAllGlobals());

  it('posts JSON with same-origin cookies and returns the answer', async () => {
    const fetchMock = vi.fn(async () => jsonResponse(200, { total: 3 }));
    vi.stubGlobal('fetch', fetchMock);

    await expect(api.post('/api/kl_api/count_games', { filters: {} })).resolves.toEqual({ total: 3 });
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/kl_api/count_games');
    expect(init.method).toBe('POST');
    expect(init.credentials).toBe('same-origin');
    expect(init.body).toBe('{"filters":{}}');
    expect((init.headers as Record<string, string>)['content-type']).toBe('application/json');
  });

  it('sends a body-less POST as JSON too', async () => {
    const fetchMock = vi.fn(async () => jsonResponse(200, []));
    vi.stubGlobal('fetch', fetchMock);
    await api.post('/api/kl_api/get_platforms');
    const [, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(init.body).toBeNull();
    expect((init.headers as Record<string, string>)['content-type']).toBe('application/json');
  });

  it('sends PATCH as JSON and an upload as multipart without a JSON content type', async () => {
    const fetchMock = vi.fn(async () => jsonResponse(200, { ok: true }));
    vi.stubGlobal('fetch', fetchMock);
    await api.patch('/api/admin/products/7', { price: 9.99 });
    const file = new File(['png'], 'cover.png', { type: 'image/png' });
    await api.upload('/api/admin/uploads/covers/7', file);
    const [, patch] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(patch.method).toBe('PATCH');
    expect(patch.body).toBe('{"price":9.99}');
    expect((patch.headers as Record<string, string>)['content-type']).toBe('application/json');
    const [url, upload] = fetchMock.mock.calls[1] as unknown as [string, RequestInit];
    expect(url).toBe('/api/admin/uploads/covers/7');
    expect(upload.method).toBe('POST');
    expect(upload.body).toBeInstanceOf(FormData);
    expect((upload.body as FormData).get('file')).toBeInstanceOf(File);
    expect((upload.headers as Record<string, string>)['content-type']).toBeUndefined();
  });

  it('reads a file answer as a Blob with the name the server gave it, and an error answer as an ApiError', async () => {
    const fetchMock = vi.fn(
      async () =>
        new Response('code\nAB-123\n', {
          status: 201,
          headers: {
            'content-type': 'text/csv',
            'content-disposition': 'attachment; filename="coupons-7.csv"',
          },
        }),
    );
    vi.stubGlobal('fetch', fetchMock);
    const { file, fileName } = await api.postForFile('/api/admin/coupons/generate', { count: 1 });
    expect(fileName).toBe('coupons-7.csv');
    expect(await file.text()).toBe('code\nAB-123\n');
    const [, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(init.body).toBe('{"count":1}');
    expect((init.headers as Record<string, string>)['content-type']).toBe('application/json');

    vi.stubGlobal('fetch', async () =>
      jsonResponse(400, { error: 'VALIDATION_FAILED', message: 'x', field: 'count' }),
    );
    await expect(api.postForFile('/api/admin/coupons/generate', {})).rejects.toMatchObject({
      error: 'VALIDATION_FAILED',
      field: 'count',
    });
  });

  it("throws an ApiError carrying the server's error body", async () => {
    vi.stubGlobal('fetch', async () =>
      jsonResponse(401, {
        error: 'INVALID_CREDENTIALS',
        message: 'Wrong e-mail or password',
        field: 'email',
      }),
    );
    const error = await api.post('/api/kl_api/login', {}).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      status: 401,
      error: 'INVALID_CREDENTIALS',
      message: 'Wrong e-mail or password',
      field: 'email',
    });
    expect(getErrorMessage(error)).toBe('Correo o contraseña incorrectos');
  });

  it("shows the server's wording only for a text that needs values only the server knows", async () => {
    vi.stubGlobal('fetch', async () =>
      jsonResponse(409, {
        error: 'OUT_OF_STOCK',
        message: 'No quedan claves suficientes de “Kühle Tiefen”.',
      }),
    );
    const outOfStock = await api.post('/api/kl_api/add_or_update_order_line', {}).catch((e: unknown) => e);
    expect(getErrorMessage(outOfStock)).toBe('No quedan claves suficientes de “Kühle Tiefen”.');

    vi.stubGlobal('fetch', async () =>
      jsonResponse(404, { error: 'NOT_FOUND', message: 'This game is not in your cart' }),
    );
    const notFound = await api.post('/api/kl_api/remove_order_line', {}).catch((e: unknown) => e);
    expect(getErrorMessage(notFound)).toBe(i18n.t('errors.NOT_FOUND'));
    expect(getErrorMessage(new Error('raw text'))).toBe(i18n.t('errors.UNKNOWN'));
  });

  it('maps an answer without an error body to a code from its status', async () => {
    vi.stubGlobal('fetch', async () => new Response('<html>Bad gateway</html>', { status: 502 }));
    const error = await api.get('/api/kl_api/user_online').catch((e: unknown) => e);
    expect(error).toMatchObject({ status: 502, error: 'INTERNAL_ERROR' });
  });

  it('turns a network failure into a translated message', async () => {
    vi.stubGlobal('fetch', async () => {
      throw new TypeError('Failed to fetch');
    });
    const error = await api.get('/api/kl_api/user_online').catch((e: unknown) => e);
    expect(error).toMatchObject({ status: 0, error: 'NETWORK_ERROR' });
    expect((error as ApiError).message).toBe(
      'No se pudo conectar con la tienda. Comprueba tu conexión y vuelve a intentarlo.',
    );
  });
});
