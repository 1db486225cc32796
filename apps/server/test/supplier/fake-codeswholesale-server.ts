import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A stand-in for the CodesWholesale v3 API, faithful to the documented protocol: client-credentials
 * tokens that expire (401 `invalid_token`), tiered decimal prices, `continuationToken` paging, orders with
 * text, image or pre-order codes, codes fetched separately, `{status, code, message}` errors (10002
 * balance/price, 20001 unknown product). Faults can be scripted per path: a status (with Retry-After), a
 * malformed body, or a delay longer than the client's timeout (the request is still processed).
 */
export interface FakeProduct {
  productId: string;
  identifier: string;
  name: string;
  platform: string;
  regions: string[];
  languages: string[];
  quantity: number;
  prices: { from: number; to: number | null; value: number }[];
  releaseDate: string | null;
  /** Orders of this product answer PRE_ORDER codes (the keys come later). */
  preOrder?: boolean;
  /** Orders of this product answer image codes (base64 + filename). */
  imageCodes?: boolean;
}

export type Fault =
  | { status: number; retryAfter?: string; body?: unknown }
  | { malformed: true }
  | { delayMs: number };

interface FakeOrder {
  orderId: string;
  clientOrderId: string;
  status: string;
  createdOn: string;
  totalPrice: number;
  products: {
    productId: string;
    name: string;
    unitPrice: number;
    codes: { codeId: string; codeType: string; code: string | null; filename: string | null }[];
  }[];
}

export interface FakeCodesWholesale {
  url: string;
  clientId: string;
  clientSecret: string;
  products: FakeProduct[];
  orders: FakeOrder[];
  /** Every request as `METHOD path` (query string dropped). */
  requests: string[];
  tokensIssued: number;
  balance: number;
  tokenLifetimeSeconds: number;
  pageSize: number;
  /** Text codes are answered blank in orders and must be read through /v3/codes/{id}. */
  blankCodes: boolean;
  /** Faults served, in order, to requests whose path starts with the prefix. */
  fail(method: string, pathPrefix: string, ...faults: Fault[]): void;
  /** Invalidates every issued token (the next call gets 401 invalid_token). */
  expireTokens(): void;
  /** Assigns keys to the pre-order codes of an order (the PREORDER postback moment). */
  releasePreorders(orderId: string): void;
  close(): Promise<void>;
}

export function makeProducts(count: number, seed = 0): FakeProduct[] {
  return Array.from({ length: count }, (_, i) => ({
    productId: `00000000-0000-4000-8000-${String(i + seed).padStart(12, '0')}`,
    identifier: `GAME-${i + seed}-STEAM-EU`,
    name: `Supplier Game ${i + seed}`,
    platform: i % 3 === 0 ? 'Origin' : 'Steam',
    regions: ['EUROPE'],
    languages: ['Multilanguage'],
    quantity: 5 + (i % 20),
    prices: [
      { from: 1, to: 10, value: Number((5 + (i % 50) + 0.37).toFixed(2)) },
      { from: 11, to: null, value: Number((4 + (i % 50) + 0.5).toFixed(2)) },
    ],
    releaseDate: '2022-02-25T00:00:00.000Z',
  }));
}

export async function startFakeCodesWholesale(products: FakeProduct[] = []): Promise<FakeCodesWholesale> {
  const tokens = new Map<string, number>();
  const faults: { method: string; prefix: string; fault: Fault }[] = [];
  const codeValues = new Map<string, { codeType: string; code: string | null; filename: string | null }>();
  let codeCounter = 0;

  const state = {
    clientId: 'keyland-test-client',
    clientSecret: randomUUID(),
    products,
    orders: [] as FakeOrder[],
    requests: [] as string[],
    tokensIssued: 0,
    balance: 1_000_000,
    tokenLifetimeSeconds: 3599,
    pageSize: 500,
    blankCodes: false,
  };

  const send = (res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) => {
    res.writeHead(status, { 'content-type': 'application/json', ...headers });
    res.end(JSON.stringify(body));
  };
  const apiError = (res: ServerResponse, status: number, code: number, message: string) =>
    send(res, status, { status, code, message, developerMessage: message, moreInfo: '' });

  const readBody = (req: IncomingMessage) =>
    new Promise<string>((resolve) => {
      let data = '';
      req.on('data', (chunk) => {
        data += chunk;
      });
      req.on('end', () => resolve(data));
    });

  const newCode = (type: 'CODE_TEXT' | 'CODE_IMAGE' | 'PRE_ORDER') => {
    codeCounter++;
    const codeId = randomUUID();
    const value =
      type === 'PRE_ORDER'
        ? { codeType: type, code: null, filename: null }
        : type === 'CODE_IMAGE'
          ? {
              codeType: type,
              code: Buffer.from(`image-key-${codeCounter}`).toString('base64'),
              filename: `key-${codeCounter}.png`,
            }
          : {
              codeType: type,
              code: `CW${String(codeCounter).padStart(5, '0')}-${randomUUID().slice(0, 5).toUpperCase()}-${randomUUID().slice(0, 5).toUpperCase()}`,
              filename: null,
            };
    codeValues.set(codeId, value);
    return { codeId, ...value };
  };

  const orderView = (order: FakeOrder) => ({
    ...order,
    products: order.products.map((p) => ({
      ...p,
      codes: p.codes.map((c) => ({
        ...c,
        code: state.blankCodes && c.codeType === 'CODE_TEXT' ? null : c.code,
        links: [],
      })),
    })),
    links: [],
  });

  async function handle(req: IncomingMessage, res: ServerResponse, body: string) {
    const url = new URL(req.url ?? '/', 'http://fake');
    const path = url.pathname;
    const method = req.method ?? 'GET';

    if (method === 'POST' && path === '/oauth/token') {
      const form = new URLSearchParams(body || url.search);
      if (form.get('grant_type') !== 'client_credentials')
        return send(res, 400, {
          error: 'unsupported_grant_type',
          error_description: 'Unsupported grant type',
        });
      if (form.get('client_id') !== state.clientId || form.get('client_secret') !== state.clientSecret)
        return send(res, 401, { error: 'invalid_client', error_description: 'Bad client credentials' });
      const token = randomUUID();
      tokens.set(token, Date.now() + state.tokenLifetimeSeconds * 1000);
      state.tokensIssued++;
      return send(res, 200, {
        access_token: token,
        token_type: 'bearer',
        expires_in: state.tokenLifetimeSeconds,
        scope: 'administration',
      });
    }

    const bearer = /^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1];
    const expiry = bearer ? tokens.get(bearer) : undefined;
    if (expiry === undefined || expiry < Date.now())
      return send(res, 401, { error: 'invalid_token', error_description: 'Access token expired' });

    if (method === 'GET' && path === '/v3/products') {
      if (url.searchParams.has('createdSince') && url.searchParams.has('updatedSince'))
        return apiError(res, 400, 400, 'createdSince and updatedSince are mutually exclusive');
      const token = url.searchParams.get('continuationToken');
      const offset = token ? Number(Buffer.from(token, 'base64url').toString()) : 0;
      if (!Number.isInteger(offset) || offset < 0) return apiError(res, 400, 400, 'Bad continuationToken');
      const items = state.products.slice(offset, offset + state.pageSize);
      const next = offset + state.pageSize < state.products.length ? offset + state.pageSize : null;
      return send(res, 200, {
        items: items.map(({ preOrder: _p, imageCodes: _i, ...p }) => ({
          ...p,
          images: [{ format: 'MEDIUM', image: `https://img.example/${p.productId}.jpg` }],
          links: [],
        })),
        continuationToken: next === null ? null : Buffer.from(String(next)).toString('base64url'),
      });
    }

    const productMatch = /^\/v3\/products\/([^/]+)(\/description)?$/.exec(path);
    if (method === 'GET' && productMatch) {
      const product = state.products.find((p) => p.productId === decodeURIComponent(productMatch[1] ?? ''));
      if (!product) return apiError(res, 404, 20001, 'Product not found');
      if (!productMatch[2]) {
        const { preOrder: _p, imageCodes: _i, ...p } = product;
        return send(res, 200, p);
      }
      return send(res, 200, {
        productId: product.productId,
        officialTitle: product.name,
        platform: 'PC',
        category: 'Action',
        developerName: 'Fake Studio',
        factSheets: [{ territory: 'English', description: `<p>About ${product.name}</p>` }],
        minimumRequirements: 'A computer',
      });
    }

    if (method === 'POST' && path === '/v3/orders') {
      const request = JSON.parse(body || '{}') as {
        orderId?: string;
        allowPreOrder?: boolean;
        products?: { productId: string; quantity: number; price: number }[];
      };
      const order: FakeOrder = {
        orderId: randomUUID(),
        clientOrderId: request.orderId ?? '',
        status: 'Completed',
        createdOn: new Date().toISOString(),
        totalPrice: 0,
        products: [],
      };
      for (const line of request.products ?? []) {
        const product = state.products.find((p) => p.productId === line.productId);
        if (!product) return apiError(res, 404, 20001, 'Product not found or no longer in the price list');
        const tier = product.prices.find((t) => t.from === 1)?.value ?? 0;
        if (Math.abs(tier - line.price) > 0.001) return apiError(res, 400, 10002, 'Price changed');
        if (state.balance < tier * line.quantity) return apiError(res, 400, 10002, 'Insufficient balance');
        if (product.quantity < line.quantity && !(product.preOrder && request.allowPreOrder))
          return apiError(res, 400, 10002, 'Not enough stock');
        state.balance -= tier * line.quantity;
        product.quantity = Math.max(0, product.quantity - line.quantity);
        order.totalPrice += tier * line.quantity;
        const type = product.preOrder ? 'PRE_ORDER' : product.imageCodes ? 'CODE_IMAGE' : 'CODE_TEXT';
        if (type === 'PRE_ORDER') order.status = 'Pre-ordered';
        order.products.push({
          productId: product.productId,
          name: product.name,
          unitPrice: tier,
          codes: Array.from({ length: line.quantity }, () => newCode(type)),
        });
      }
      state.orders.push(order);
      return send(res, 200, orderView(order));
    }

    if (method === 'GET' && path === '/v3/orders') {
      const from = Date.parse(url.searchParams.get('startFrom') ?? '');
      const to = Date.parse(url.searchParams.get('endOn') ?? '');
      return send(res, 200, {
        items: state.orders
          .filter(
            (o) =>
              (Number.isNaN(from) || Date.parse(o.createdOn) >= from) &&
              (Number.isNaN(to) || Date.parse(o.createdOn) <= to),
          )
          .map(orderView),
      });
    }

    const orderMatch = /^\/v3\/orders\/([^/]+)$/.exec(path);
    if (method === 'GET' && orderMatch) {
      const order = state.orders.find((o) => o.orderId === orderMatch[1]);
      if (!order) return apiError(res, 404, 404, 'Order not found');
      return send(res, 200, orderView(order));
    }

    const codeMatch = /^\/v3\/codes\/([^/]+)$/.exec(path);
    if (method === 'GET' && codeMatch) {
      const code = codeValues.get(codeMatch[1] ?? '');
      if (!code) return apiError(res, 404, 404, 'Code not found');
      return send(res, 200, { codeId: codeMatch[1], ...code, links: [] });
    }

    return apiError(res, 404, 404, 'No such endpoint');
  }

  const server = createServer((req, res) => {
    readBody(req).then(async (body) => {
      const path = new URL(req.url ?? '/', 'http://fake').pathname;
      const method = req.method ?? 'GET';
      state.requests.push(`${method} ${path}`);
      const index = faults.findIndex((f) => f.method === method && path.startsWith(f.prefix));
      if (index >= 0) {
        const fault = faults.splice(index, 1)[0]?.fault as Fault;
        if ('status' in fault)
          return send(res, fault.status, fault.body ?? { status: fault.status, message: 'Fault' }, {
            ...(fault.retryAfter ? { 'retry-after': fault.retryAfter } : {}),
          });
        if ('malformed' in fault) {
          res.writeHead(200, { 'content-type': 'application/json' });
          return res.end('{"items": [{"productId": 42, "name": null}]');
        }
        // Processes the request, but answers only after the client has given up.
        const late = new Promise<void>((resolve) => setTimeout(resolve, fault.delayMs));
        const sink = {
          writeHead: () => sink,
          end: () => {},
        } as unknown as ServerResponse;
        await handle(req, sink, body);
        await late;
        if (!res.destroyed) return send(res, 504, { status: 504, message: 'Late' });
        return;
      }
      await handle(req, res, body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return Object.assign(state, {
    url: `http://127.0.0.1:${port}`,
    fail(method: string, prefix: string, ...list: Fault[]) {
      for (const fault of list) faults.push({ method, prefix, fault });
    },
    expireTokens() {
      for (const key of tokens.keys()) tokens.set(key, 0);
    },
    releasePreorders(orderId: string) {
      const order = state.orders.find((o) => o.orderId === orderId);
      if (!order) return;
      order.status = 'Completed';
      for (const p of order.products)
        p.codes = p.codes.map((c) => {
          if (c.codeType !== 'PRE_ORDER') return c;
          const fresh = newCode('CODE_TEXT');
          codeValues.set(c.codeId, { codeType: 'CODE_TEXT', code: fresh.code, filename: null });
          return { ...c, codeType: 'CODE_TEXT', code: fresh.code };
        });
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  });
}
