import { type FormEvent, type ReactNode, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '#src/components/ui/button.tsx';
import { focusField, TextAreaField } from '#src/components/ui/form-controls.tsx';
import { InlineError } from '#src/components/ui/inline-error.tsx';
import { showNotice } from '#src/components/ui/notice.tsx';
import { type SupportTicket, useReplyTicket } from '#src/features/admin/api/admin-support-api.ts';

/** The longest answer the server takes (TICKET_MESSAGE_MAX), repeated here to keep zod out. */
const REPLY_MAX = 5000;

/**
 * The admin's answer to a ticket: mailed to the sender and kept on the ticket, optionally closing it.
 * What was typed stays when sending fails.
 */
export function SupportReplyForm({ ticket }: { ticket: SupportTicket }): ReactNode {
  const { t } = useTranslation();
  const id = useId();
  const reply = useReplyTicket(ticket.id);
  const [message, setMessage] = useState('');
  const [problem, setProblem] = useState<string | undefined>();
  const [closing, setClosing] = useState(false);

  const send = (close: boolean) => {
    if (reply.isPending) return;
    if (message.trim() === '') {
      setProblem(t('admin.support.replyRequired'));
      focusField(id);
      return;
    }
    setClosing(close);
    reply.mutate(
      { message: message.trim(), close },
      {
        onSuccess: (answered) => {
          setMessage('');
          showNotice(
            t(close ? 'admin.support.repliedClosed' : 'admin.support.replied', {
              number: answered.number,
              email: answered.email,
            }),
          );
        },
      },
    );
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    send(false);
  };

  return (
    <form noValidate onSubmit={submit} className="flex flex-col gap-3" data-testid="support-reply">
      {ticket.status === 'closed' ? (
        <p className="rounded-lg border border-line bg-raised px-3 py-2 text-sm text-ink-muted">
          {t('admin.support.closedNote')}
        </p>
      ) : null}
      <TextAreaField
        id={id}
        name="message"
        rows={6}
        maxLength={REPLY_MAX}
        label={t('admin.support.reply')}
        hint={t('admin.support.replyHint', { email: ticket.email })}
        error={problem}
        value={message}
        onChange={(event) => {
          setMessage(event.target.value);
          setProblem(undefined);
        }}
      />
      {reply.isError ? <InlineError error={reply.error} /> : null}
      <div className="flex flex-col gap-2 sm:flex-row sm:flex-wrap">
        <Button type="submit" disabled={reply.isPending}>
          {reply.isPending && !closing ? t('admin.support.sending') : t('admin.support.send')}
        </Button>
        <Button variant="secondary" disabled={reply.isPending} onClick={() => send(true)}>
          {reply.isPending && closing ? t('admin.support.sending') : t('admin.support.sendAndClose')}
        </Button>
      </div>
    </form>
  );
}
