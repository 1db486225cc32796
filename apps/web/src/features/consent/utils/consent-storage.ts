/**
 * Where the visitor's cookie-banner answer is kept (spec section 3, "Local storage keys": consent, and
 * cookie consent with accepted and timestamp). Two local storage entries, written together:
 *
 * - `consent`: the string 'true' once the banner was accepted (the spec's plain consent value);
 * - `cookieConsent`: the record `{ "accepted": true, "timestamp": "<ISO 8601>" }`, which says when.
 *
 * Neither is a cookie: the only cookie the store sets is the strictly necessary `keyland_session`.
 */
export const CONSENT_STORAGE_KEY = 'consent';
export const COOKIE_CONSENT_STORAGE_KEY = 'cookieConsent';

export interface CookieConsentRecord {
  accepted: true;
  /** When the visitor accepted, as an ISO 8601 date-time. */
  timestamp: string;
}

type Listener = () => void;
const listeners = new Set<Listener>();

function storage(): Storage | undefined {
  try {
    return window.localStorage;
  } catch {
    return undefined;
  }
}

function readRecord(value: string | null): CookieConsentRecord | null {
  if (!value) return null;
  try {
    const parsed: unknown = JSON.parse(value);
    if (
      typeof parsed === 'object' &&
      parsed !== null &&
      (parsed as { accepted?: unknown }).accepted === true &&
      typeof (parsed as { timestamp?: unknown }).timestamp === 'string'
    ) {
      return parsed as CookieConsentRecord;
    }
  } catch {
    // A damaged value counts as no answer: the banner asks again.
  }
  return null;
}

/** Whether the visitor has accepted; storage that cannot be read counts as not yet. */
export function hasConsent(): boolean {
  const store = storage();
  if (!store) return false;
  try {
    return (
      store.getItem(CONSENT_STORAGE_KEY) === 'true' ||
      readRecord(store.getItem(COOKIE_CONSENT_STORAGE_KEY)) !== null
    );
  } catch {
    return false;
  }
}

/** Records the acceptance in both entries and tells the subscribers of this tab. */
export function acceptConsent(now: Date = new Date()): CookieConsentRecord {
  const record: CookieConsentRecord = { accepted: true, timestamp: now.toISOString() };
  const store = storage();
  try {
    store?.setItem(CONSENT_STORAGE_KEY, 'true');
    store?.setItem(COOKIE_CONSENT_STORAGE_KEY, JSON.stringify(record));
  } catch {
    // Storage may be blocked or full: the banner then stays hidden for this visit only.
  }
  accepted = true;
  for (const listener of listeners) listener();
  return record;
}

/** Accepted in this tab even when storage refused to keep it. */
let accepted = false;

export function readConsent(): boolean {
  return accepted || hasConsent();
}

/** For useSyncExternalStore: changes in this tab and in other tabs (the storage event). */
export function subscribeConsent(listener: Listener): () => void {
  listeners.add(listener);
  const onStorage = (event: StorageEvent) => {
    if (event.key === null || event.key === CONSENT_STORAGE_KEY || event.key === COOKIE_CONSENT_STORAGE_KEY) {
      listener();
    }
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}
