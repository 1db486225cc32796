/** A minimal HTTP customer for benchmarks and cluster tests: JSON calls keeping the session cookie. */
export interface Customer {
  post(path: string, body?: unknown): Promise<{ status: number; body: Record<string, unknown> }>;
  get(path: string): Promise<{ status: number; text: string }>;
  cookie: string | undefined;
}

export function createCustomer(baseUrl: string): Customer {
  const customer: Customer = {
    cookie: undefined,
    async post(path, body) {
      const response = await fetch(`${baseUrl}${path}`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          ...(customer.cookie ? { cookie: `keyland_session=${customer.cookie}` } : {}),
        },
        body: body === undefined ? '' : JSON.stringify(body),
      });
      remember(response);
      const text = await response.text();
      let parsed: Record<string, unknown> = {};
      try {
        parsed = text ? (JSON.parse(text) as Record<string, unknown>) : {};
      } catch {
        parsed = { text };
      }
      return { status: response.status, body: parsed };
    },
    async get(path) {
      const response = await fetch(`${baseUrl}${path}`, {
        headers: customer.cookie ? { cookie: `keyland_session=${customer.cookie}` } : {},
      });
      remember(response);
      return { status: response.status, text: await response.text() };
    },
  };
  function remember(response: Response) {
    for (const line of response.headers.getSetCookie()) {
      const match = /^keyland_session=([^;]*)/.exec(line);
      if (match) customer.cookie = match[1] || undefined;
    }
  }
  return customer;
}

export const CONSENT = {
  text: 'I ask for immediate delivery of the keys and acknowledge that I then lose my right of withdrawal.',
  timestamp: new Date().toISOString(),
};
