import { formatDateTime } from '@keyland/core/dates';
import { type FormEvent, type ReactNode, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '#src/components/ui/button.tsx';
import {
  EmailField,
  focusField,
  SelectField,
  TextAreaField,
  TextField,
} from '#src/components/ui/form-controls.tsx';
import { InlineError } from '#src/components/ui/inline-error.tsx';
import {
  type CreateSupportTicket,
  TICKET_LIMITS,
  useSender,
  useSendTicket,
  useSupportOrders,
} from '#src/features/legal/api/support-api.ts';
import {
  type TicketDraft,
  type TicketField,
  type TicketProblems,
  ticketFields,
  ticketProblems,
} from '#src/features/legal/utils/ticket-rules.ts';
import { useLocale } from '#src/hooks/use-locale.ts';
import { ApiError, getErrorMessage } from '#src/lib/api-client.ts';
import { currentLocale } from '#src/lib/i18n.ts';
import { useSession } from '#src/lib/session.ts';
import { ConsentField, HoneypotField } from './ticket-form-parts.tsx';

export interface TicketFormProps {
  /** What the form starts with (a visitor's name and address are kept for a second message). */
  initial: TicketDraft;
  /** A visitor gives a name and an address; a customer writes as their account. */
  visitor: boolean;
  /** Put the focus on the first field when the form appears (after "send another message"). */
  focusFirst?: boolean;
  onSent: (number: string, draft: TicketDraft) => void;
}

/**
 * The contact form's fields: name and e-mail (visitors) or who the customer writes as and which order,
 * subject, message, consent and the spam trap. Checked before sending; what was typed stays on any error.
 */
export function TicketForm({ initial, visitor, focusFirst, onSent }: TicketFormProps): ReactNode {
  const { t } = useTranslation();
  const locale = useLocale();
  const id = useId();
  const fieldId = (field: TicketField | 'order' | 'website') => `${id}-${field}`;
  const sender = useSender();
  const { user } = useSession();
  const orders = useSupportOrders(visitor ? undefined : user?.email);
  const send = useSendTicket();
  const [draft, setDraft] = useState(initial);
  const [problems, setProblems] = useState<TicketProblems>({});
  const [serverField, setServerField] = useState<TicketField | undefined>();
  // When the form was first shown: how long it took to fill in is sent along (scripts are fast).
  const shownAt = useRef(0);

  useEffect(() => {
    shownAt.current = Date.now();
    if (focusFirst) focusField(`${id}-${visitor ? 'name' : 'subject'}`);
  }, [focusFirst, id, visitor]);

  const change = <K extends keyof TicketDraft>(field: K, value: TicketDraft[K]) => {
    setDraft((current) => ({ ...current, [field]: value }));
    setProblems((current) => ({ ...current, [field]: undefined }));
    if (serverField === field) setServerField(undefined);
  };

  // A server error about one field shows next to it; any other under the form.
  const serverError = send.isError ? getErrorMessage(send.error) : undefined;
  const errorOf = (field: TicketField): string | undefined => {
    const problem = problems[field];
    if (problem) return t(problem);
    return serverField === field ? serverError : undefined;
  };

  /** A text field's id, name, value and error, and its changes going into the draft. */
  const text = (field: 'name' | 'email' | 'subject' | 'message') => ({
    id: fieldId(field),
    name: field,
    error: errorOf(field),
    value: draft[field],
    onChange: (event: { target: { value: string } }) => change(field, event.target.value),
  });

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (send.isPending) return;
    const found = ticketProblems(draft, { visitor });
    setProblems(found);
    const first = ticketFields.find((field) => found[field]);
    if (first) {
      focusField(fieldId(first));
      return;
    }
    setServerField(undefined);
    const body: CreateSupportTicket = {
      subject: draft.subject.trim(),
      message: draft.message.trim(),
      consent: true,
      website: draft.website,
      fillMs: Math.max(0, Math.round(Date.now() - shownAt.current)),
      language: currentLocale(),
      ...(visitor ? { name: draft.name.trim(), email: draft.email.trim() } : {}),
      ...(!visitor && draft.orderId ? { orderId: Number(draft.orderId) } : {}),
    };
    send.mutate(body, {
      onSuccess: (created) => onSent(created.number, draft),
      onError: (error) => {
        const field = error instanceof ApiError ? error.field : undefined;
        const named = ticketFields.find((candidate) => candidate === field);
        setServerField(named);
        if (named) focusField(fieldId(named));
      },
    });
  };

  return (
    <form
      noValidate
      onSubmit={submit}
      className="relative mt-5 flex flex-col gap-4"
      data-testid="contact-form"
    >
      {visitor ? (
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField
            {...text('name')}
            autoComplete="name"
            maxLength={TICKET_LIMITS.name}
            label={t('support.form.name')}
          />
          <EmailField
            {...text('email')}
            autoComplete="email"
            maxLength={TICKET_LIMITS.email}
            label={t('support.form.email')}
          />
        </div>
      ) : (
        <>
          {sender ? (
            <p
              data-testid="contact-as-customer"
              className="rounded-lg border border-line bg-raised px-3 py-2.5 text-sm break-words text-ink-muted"
            >
              {t('support.form.asCustomer', { name: sender.name, email: sender.email })}
            </p>
          ) : null}
          <SelectField
            id={fieldId('order')}
            name="orderId"
            label={t('support.form.order')}
            hint={orders.isPending ? t('common.loading') : undefined}
            disabled={orders.isPending}
            value={draft.orderId}
            onChange={(event) => change('orderId', event.target.value)}
          >
            <option value="">{t('support.form.noOrder')}</option>
            {(orders.data ?? []).map((order) => (
              <option key={order.id} value={String(order.id)}>
                {t('support.form.orderOption', {
                  id: order.id,
                  date: formatDateTime(order.date, locale, 'medium'),
                })}
              </option>
            ))}
          </SelectField>
          {orders.isError ? <InlineError error={orders.error} /> : null}
        </>
      )}
      <TextField {...text('subject')} maxLength={TICKET_LIMITS.subject} label={t('support.form.subject')} />
      <TextAreaField
        {...text('message')}
        rows={6}
        maxLength={TICKET_LIMITS.message}
        label={t('support.form.message')}
      />
      <ConsentField
        id={fieldId('consent')}
        checked={draft.consent}
        error={errorOf('consent')}
        onChange={(checked) => change('consent', checked)}
      />
      <HoneypotField
        id={fieldId('website')}
        value={draft.website}
        onChange={(value) => change('website', value)}
      />
      {serverError && !serverField ? <InlineError>{serverError}</InlineError> : null}
      <Button type="submit" disabled={send.isPending} className="w-full sm:w-auto sm:self-start">
        {send.isPending ? t('support.form.sending') : t('support.form.submit')}
      </Button>
    </form>
  );
}
