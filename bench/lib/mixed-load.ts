/**
 * A load of shoppers over real HTTP, as a browser sends it: each connection is a logged-in customer who
 * loops over reading a catalogue page, adding a game to the cart and, every other round, checking out and
 * paying on the local provider's page. Every answer that is not the one a shopper expects counts as an
 * error: a network error, a 5xx, an nginx error page, an unexpected status. Nothing is retried.
 */

const CONSENT = { text: 'I ask for immediate delivery of the keys.', timestamp: new Date().toISOString() };

export interface MixedLoadResult {
  requests: number;
  /** What went wrong, one line each (the first 50). */
  errors: string[];
  errorCount: number;
  /** Orders paid during the run. */
  paid: number;
  /** Every request's time in ms. */
  latencies: number[];
}

/** Logs a customer in through `baseUrl`; answers the session cookie. */
export async function loginCookie(baseUrl: string, email: string, password: string): Promise<string> {
  const response = await fetch(`${baseUrl}/api/kl_api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  if (response.status !== 200) throw new Error(`login of ${email} answered ${response.status}`);
  const cookie = response.headers.getSetCookie().find((line) => line.startsWith('keyland_session='));
  return cookie?.split(';')[0] ?? '';
}

/**
 * Runs one shopper per cookie (one connection each) until `stop()` answers true; each shopper finishes the
 * round it is in.
 */
export async function runMixedLoad(options: {
  baseUrl: string;
  cookies: string[];
  productIds: string[];
  stop: () => boolean;
}): Promise<MixedLoadResult> {
  const result: MixedLoadResult = { requests: 0, errors: [], errorCount: 0, paid: 0, latencies: [] };
  const fail = (line: string) => {
    result.errorCount += 1;
    if (result.errors.length < 50) result.errors.push(line);
  };

  /** One request; answers its response, or undefined after counting an error. */
  async function call(
    what: string,
    path: string,
    expected: number,
    init: RequestInit,
  ): Promise<Response | undefined> {
    const started = performance.now();
    result.requests += 1;
    try {
      const response = await fetch(`${options.baseUrl}${path}`, { redirect: 'manual', ...init });
      const body = await response.text();
      result.latencies.push(performance.now() - started);
      if (response.status !== expected) {
        fail(`${what}: ${response.status} ${body.slice(0, 120)}`);
        return undefined;
      }
      return new Response(body, { status: response.status, headers: response.headers });
    } catch (error) {
      fail(`${what}: ${String(error)} ${String((error as { cause?: unknown }).cause ?? '')}`);
      return undefined;
    }
  }

  async function shopper(cookie: string, index: number) {
    const json = (body: unknown): RequestInit => ({
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie },
      body: JSON.stringify(body),
    });
    for (let round = 0; !options.stop(); round++) {
      await call(
        'catalogue',
        '/api/kl_api/catalog_paginated',
        200,
        json({ offset: (round % 4) * 6, limit: 6 }),
      );
      const product = options.productIds[(index + round) % options.productIds.length];
      await call(
        'add to cart',
        '/api/kl_api/add_or_update_order_line',
        200,
        json({ cws_product_id: product }),
      );
      if (round % 2 === 1) {
        const started = await call(
          'checkout',
          '/api/create-checkout-session',
          200,
          json({ consent: CONSENT, items: [], orderData: { total: 0.01 } }),
        );
        const url = started ? String(((await started.json()) as { url?: string }).url ?? '') : '';
        if (!url) continue;
        const paid = await call('pay', `${new URL(url).pathname}/pay`, 303, {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded', cookie },
          body: 'card=4242424242424242&exp=12%2F34&cvc=123',
        });
        if (paid) result.paid += 1;
      }
    }
  }

  await Promise.all(options.cookies.map((cookie, index) => shopper(cookie, index)));
  return result;
}
