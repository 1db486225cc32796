import { type ErrorCode, errorCodes } from '@keyland/core/errors';
import type { ErrorBody } from '@keyland/core/schemas/common';
import { currentLocale, i18n } from './i18n.ts';

/** Codes the client adds to the server's own (errors.ts): the server could not be reached at all, or gave no usable answer. */
export type ClientErrorCode = 'NETWORK_ERROR' | 'UNKNOWN';

export interface ApiErrorInit {
  status: number;
  error: ErrorCode | ClientErrorCode;
  message: string;
  field?: string | undefined;
}

/** A failed call: the HTTP status (0 when the server was not reached) and the server's error body. */
export class ApiError extends Error {
  readonly status: number;
  readonly error: ErrorCode | ClientErrorCode;
  readonly field: string | undefined;

  constructor({ status, error, message, field }: ApiErrorInit) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.error = error;
    this.field = field;
  }
}

function isErrorCode(value: unknown): value is ErrorCode {
  return typeof value === 'string' && (errorCodes as readonly string[]).includes(value);
}

function isErrorBody(value: unknown): value is ErrorBody {
  if (typeof value !== 'object' || value === null) return false;
  const body = value as Record<string, unknown>;
  return isErrorCode(body.error) && typeof body.message === 'string';
}

/** The code to fall back on when an error answer has no error body (a proxy page, an empty 502…). */
function codeForStatus(status: number): ErrorCode | ClientErrorCode {
  const byStatus: Record<number, ErrorCode> = {
    400: 'VALIDATION_FAILED',
    401: 'UNAUTHENTICATED',
    403: 'FORBIDDEN',
    404: 'NOT_FOUND',
    409: 'CONFLICT',
    413: 'PAYLOAD_TOO_LARGE',
    415: 'UNSUPPORTED_MEDIA_TYPE',
    429: 'RATE_LIMITED',
    503: 'SERVICE_UNAVAILABLE',
  };
  return byStatus[status] ?? (status >= 500 ? 'INTERNAL_ERROR' : 'UNKNOWN');
}

async function readJson(response: Response): Promise<unknown> {
  const text = await response.text();
  if (text === '') return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PATCH' | 'PUT';
  /** Sent as JSON (a FormData as multipart, for uploads); left out, a POST goes without a body. */
  body?: unknown;
  signal?: AbortSignal | undefined;
  /** A successful answer is read as JSON, or kept as the response itself for a file (see `api.postForFile`). */
  read?: 'json' | 'response';
}

/** The one way the web app talks to the Keyland server: JSON in and out (or a file out), same-origin cookies. */
export async function apiRequest<T>(
  path: string,
  { method = 'GET', body, signal, read = 'json' }: RequestOptions = {},
): Promise<T> {
  // The server answers messages in the language the visitor is reading.
  const headers: Record<string, string> = {
    accept: read === 'json' ? 'application/json' : '*/*',
    'x-ui-language': currentLocale(),
  };
  // Every call but a GET is a JSON call, even one without a body (the server refuses other content types),
  // but an upload: the browser writes the multipart type with its boundary.
  const multipart = body instanceof FormData;
  if (method !== 'GET' && !multipart) headers['content-type'] = 'application/json';

  let response: Response;
  try {
    response = await fetch(path, {
      method,
      headers,
      body: body === undefined ? null : multipart ? body : JSON.stringify(body),
      credentials: 'same-origin',
      signal: signal ?? null,
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ApiError({ status: 0, error: 'NETWORK_ERROR', message: i18n.t('errors.NETWORK_ERROR') });
  }

  if (response.ok && read === 'response') return response as T;
  const data = await readJson(response);
  if (!response.ok) {
    if (isErrorBody(data)) throw new ApiError({ status: response.status, ...data });
    const error = codeForStatus(response.status);
    throw new ApiError({ status: response.status, error, message: i18n.t(`errors.${error}`) });
  }
  return data as T;
}

export const api = {
  get: <T>(path: string, options?: Omit<RequestOptions, 'method' | 'body'>) =>
    apiRequest<T>(path, { ...options, method: 'GET' }),
  post: <T>(path: string, body?: unknown, options?: Omit<RequestOptions, 'method' | 'body'>) =>
    apiRequest<T>(path, { ...options, method: 'POST', body }),
  patch: <T>(path: string, body: unknown) => apiRequest<T>(path, { method: 'PATCH', body }),
  /** Replaces a whole resource with `body`. */
  put: <T>(path: string, body: unknown) => apiRequest<T>(path, { method: 'PUT', body }),
  /** A POST answered with a file (a CSV…): its content and the name the server gave it, if any. */
  postForFile: async (path: string, body: unknown): Promise<{ file: Blob; fileName: string | undefined }> => {
    const response = await apiRequest<Response>(path, { method: 'POST', body, read: 'response' });
    const disposition = response.headers.get('content-disposition') ?? '';
    return { file: await response.blob(), fileName: /filename="?([^";]+)"?/i.exec(disposition)?.[1] };
  },
  /** A file as multipart/form-data, in the field `file`. */
  upload: <T>(path: string, file: File) => {
    const form = new FormData();
    form.append('file', file);
    return apiRequest<T>(path, { method: 'POST', body: form });
  },
};

/** Placeholders of a text that only the server can fill ('Not enough keys left for “{{title}}”'). */
const NEEDS_VALUES = /\{\{[^}]+\}\}/;

/**
 * The text to show for any failure, in the visitor's language. This is the web's one place where an
 * error is put into words (see docs/web.md):
 * - by its code, from the language files, so the text follows the language on screen;
 * - except a code whose text needs values that only the server knows (a game's title, a limit): the
 *   server's error handler filled that same text with them, in the language the request named, and its
 *   message is shown as it came;
 * - anything that is not an API error gets the generic message (raw texts are never shown).
 */
export function getErrorMessage(error: unknown): string {
  if (!(error instanceof ApiError)) return i18n.t('errors.UNKNOWN');
  const key = `errors.${error.error}` as const;
  if (error.message && NEEDS_VALUES.test(i18n.t(key, { skipInterpolation: true }))) return error.message;
  return i18n.t(key);
}
