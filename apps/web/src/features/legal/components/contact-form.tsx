import { CircleCheck } from 'lucide-react';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '#src/components/ui/button.tsx';
import { Spinner } from '#src/components/ui/spinner.tsx';
import { CONTACT_FORM_ANCHOR } from '#src/config/paths.ts';
import { emptyDraft, type TicketDraft } from '#src/features/legal/utils/ticket-rules.ts';
import { useSession } from '#src/lib/session.ts';
import { TicketForm } from './ticket-form.tsx';

const NUMBER_MARK = '\u0000';

/** The message was sent: its ticket number, and a way to write another. */
function TicketSent({ number, onAnother }: { number: string; onAnother: () => void }): ReactNode {
  const { t } = useTranslation();
  const heading = useRef<HTMLHeadingElement>(null);
  // The form the visitor was in is gone: the confirmation takes the focus, so it is read out.
  useEffect(() => heading.current?.focus(), []);
  // The number is set apart (and kept on one line) inside the translated sentence.
  const [before, after] = t('support.form.sent', { number: NUMBER_MARK }).split(NUMBER_MARK);
  return (
    <div
      data-testid="contact-sent"
      className="mt-5 flex flex-col items-start gap-3 rounded-xl border border-brand/40 bg-brand-soft p-5"
    >
      <h3
        ref={heading}
        tabIndex={-1}
        className="flex items-center gap-2 text-lg font-semibold text-ink outline-none focus-visible:outline-2 focus-visible:outline-brand-strong"
      >
        <CircleCheck aria-hidden="true" className="size-5 shrink-0 text-brand" />
        {t('support.form.sentTitle')}
      </h3>
      <p className="text-sm leading-relaxed text-ink">
        {before}
        <strong className="font-semibold whitespace-nowrap text-ink">{number}</strong>
        {after}
      </p>
      <Button variant="secondary" onClick={onAnother}>
        {t('support.form.another')}
      </Button>
    </div>
  );
}

/**
 * "Write to us" on the contact page: the contact form for visitors and customers; once sent, the ticket
 * number. A second message keeps the visitor's name and address.
 */
export function ContactForm(): ReactNode {
  const { t } = useTranslation();
  const { isPending, isLoggedIn } = useSession();
  const [sent, setSent] = useState<string | null>(null);
  const [round, setRound] = useState(0);
  const [kept, setKept] = useState<TicketDraft>(emptyDraft);

  let body: ReactNode;
  if (sent)
    body = (
      <TicketSent
        number={sent}
        onAnother={() => {
          setSent(null);
          setRound((current) => current + 1);
        }}
      />
    );
  else if (isPending) body = <Spinner label={t('common.checkingSession')} className="mt-5" />;
  else
    body = (
      <TicketForm
        key={`${round}-${isLoggedIn}`}
        initial={kept}
        visitor={!isLoggedIn}
        focusFirst={round > 0}
        onSent={(number, draft) => {
          setKept({ ...emptyDraft, name: draft.name, email: draft.email });
          setSent(number);
        }}
      />
    );

  return (
    <section
      id={CONTACT_FORM_ANCHOR}
      aria-labelledby="contact-form-title"
      className="mt-8 scroll-mt-24 rounded-xl border border-line bg-surface p-5 sm:p-6"
    >
      <h2 id="contact-form-title" className="text-xl font-semibold text-ink">
        {t('support.form.title')}
      </h2>
      <p className="mt-1 text-sm leading-relaxed text-ink-muted">{t('support.form.intro')}</p>
      {body}
    </section>
  );
}
