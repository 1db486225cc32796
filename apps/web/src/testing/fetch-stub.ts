import { vi } from 'vitest';

/** An answer of the server with a JSON body. */
export function jsonResponse(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

/** A call the app made to the server: its method, its address and its JSON body (if any). */
export interface FetchCall {
  method: string;
  url: string;
  body: unknown;
}

/**
 * Puts `answer` in the place of `fetch` (undone by `vi.unstubAllGlobals()`) and records every call in the
 * list it returns, in order.
 */
export function stubFetch(answer: (call: FetchCall) => Response | Promise<Response>): FetchCall[] {
  const calls: FetchCall[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const call = {
        method: init?.method ?? 'GET',
        url,
        body: typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined,
      };
      calls.push(call);
      return answer(call);
    }),
  );
  return calls;
}
