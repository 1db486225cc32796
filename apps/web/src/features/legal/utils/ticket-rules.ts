/**
 * The contact form's checks before sending (the server checks again): what the visitor typed, and the
 * text to show next to each field that is not right yet.
 */

export interface TicketDraft {
  name: string;
  email: string;
  subject: string;
  message: string;
  /** The chosen order's id, or '' for none. */
  orderId: string;
  consent: boolean;
  /** The field people never see (spam trap). */
  website: string;
}

export const emptyDraft: TicketDraft = {
  name: '',
  email: '',
  subject: '',
  message: '',
  orderId: '',
  consent: false,
  website: '',
};

export type TicketField = 'name' | 'email' | 'subject' | 'message' | 'consent';

/** The fields in the order they appear, so the first in error can take the focus. */
export const ticketFields: readonly TicketField[] = ['name', 'email', 'subject', 'message', 'consent'];

type ProblemKey =
  | 'support.form.nameRequired'
  | 'support.form.emailInvalid'
  | 'support.form.subjectRequired'
  | 'support.form.messageTooShort'
  | 'support.form.consentRequired';

export type TicketProblems = Partial<Record<TicketField, ProblemKey>>;

/** A light check (something@something.tld); the server validates properly. */
export function isEmailLike(value: string): boolean {
  return /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value.trim());
}

/** What is missing or too short; name and e-mail are asked of visitors only. */
export function ticketProblems(draft: TicketDraft, { visitor }: { visitor: boolean }): TicketProblems {
  const problems: TicketProblems = {};
  if (visitor && draft.name.trim().length < 2) problems.name = 'support.form.nameRequired';
  if (visitor && !isEmailLike(draft.email)) problems.email = 'support.form.emailInvalid';
  if (draft.subject.trim().length < 3) problems.subject = 'support.form.subjectRequired';
  if (draft.message.trim().length < 10) problems.message = 'support.form.messageTooShort';
  if (!draft.consent) problems.consent = 'support.form.consentRequired';
  return problems;
}
