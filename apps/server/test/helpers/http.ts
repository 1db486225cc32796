import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';

/** A same-origin JSON client over `app.inject` that keeps the session cookie like a browser. */
export function createClient(app: FastifyInstance, options: { language?: string } = {}) {
  let cookie: string | undefined;

  async function call(
    method: 'GET' | 'POST',
    url: string,
    body?: unknown,
    headers: Record<string, string> = {},
  ) {
    const request: InjectOptions = {
      method,
      url,
      headers: {
        ...(method === 'POST' ? { 'content-type': 'application/json' } : {}),
        ...(options.language ? { 'accept-language': options.language } : {}),
        ...(cookie ? { cookie: `keyland_session=${cookie}` } : {}),
        ...headers,
      },
      ...(method === 'POST' ? { payload: body === undefined ? '' : JSON.stringify(body) } : {}),
    };
    const response: LightMyRequestResponse = await app.inject(request);
    const setCookie = response.cookies.find((c) => c.name === 'keyland_session');
    if (setCookie) cookie = setCookie.value || undefined;
    return response;
  }

  return {
    get: (url: string, headers?: Record<string, string>) => call('GET', url, undefined, headers),
    post: (url: string, body?: unknown, headers?: Record<string, string>) => call('POST', url, body, headers),
    get cookie() {
      return cookie;
    },
    set cookie(value: string | undefined) {
      cookie = value;
    },
  };
}

/** A client logged in as a new customer (inserted by the factory, then logged in through the API). */
export async function loginAsNewCustomer(
  app: FastifyInstance,
  insert: () => Promise<{ customer: { email: string; id: number }; password: string }>,
  options: { language?: string } = {},
) {
  const { customer, password } = await insert();
  const client = createClient(app, options);
  const response = await client.post('/api/kl_api/login', { email: customer.email, password });
  if (response.statusCode !== 200) throw new Error(`login failed: ${response.statusCode} ${response.body}`);
  return { client, customer };
}
