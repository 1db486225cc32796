/** A customer as a partner record of the back office (spec §3). The password is not part of it. */
export interface PartnerFields {
  name: string;
  email: string;
  countryId: number;
  customerRank: 1;
  klUserRole: 'user';
  klEmailToken: string;
  klEmailVerified: boolean;
}

/** Where Keyland's customers are kept as partner records. */
export interface BackOffice {
  readonly kind: 'embedded' | 'odoo';
  /** True when a partner with this e-mail (compared case-insensitively) exists in the back office. */
  partnerExists(email: string): Promise<boolean>;
  /** Creates the partner and returns its id in the back office, or null when the store's own database is the back office. */
  createPartner(fields: PartnerFields): Promise<string | null>;
}

export interface BackOfficeErrorOptions {
  cause?: unknown;
  /** The exception name the back office reported, e.g. `odoo.exceptions.AccessDenied`. */
  remoteName?: string | undefined;
  /** The HTTP status of the answer, when it was not a success. */
  status?: number | undefined;
}

/**
 * The back office could not be reached or refused a call. The message is safe to log and to show to
 * an operator: it never holds credentials, request bodies or the back office's tracebacks.
 */
export class BackOfficeError extends Error {
  readonly remoteName: string | undefined;
  readonly status: number | undefined;

  constructor(message: string, options: BackOfficeErrorOptions = {}) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.name = 'BackOfficeError';
    this.remoteName = options.remoteName;
    this.status = options.status;
  }
}
