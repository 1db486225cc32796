import { Clock, Mail, MessageSquareReply } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useSupportAddress } from '#src/features/legal/api/support-api.ts';

/** Support hours, reply time and, whenever the server publishes one, the support address. */
export function ContactDetails(): ReactNode {
  const { t } = useTranslation();
  const { email } = useSupportAddress();
  const cards = [
    { icon: Clock, title: t('legal.contact.hoursTitle'), body: t('footer.supportHours') },
    { icon: MessageSquareReply, title: t('legal.contact.repliesTitle'), body: t('footer.supportReplies') },
  ];
  return (
    <div className="mt-8 space-y-6">
      <ul className="grid gap-4 sm:grid-cols-2">
        {cards.map(({ icon: Icon, title, body }) => (
          <li key={title} className="rounded-xl border border-line bg-surface p-5">
            <Icon aria-hidden="true" className="size-5 text-brand" />
            <h2 className="mt-3 font-semibold text-ink">{title}</h2>
            <p className="mt-1 text-sm leading-relaxed text-ink-muted">{body}</p>
          </li>
        ))}
        {email ? (
          <li
            data-testid="support-address"
            className="rounded-xl border border-line bg-surface p-5 sm:col-span-2"
          >
            <Mail aria-hidden="true" className="size-5 text-brand" />
            <h2 className="mt-3 font-semibold text-ink">{t('support.emailTitle')}</h2>
            <a
              href={`mailto:${email}`}
              className="mt-1 inline-block text-sm font-medium break-all text-brand underline-offset-4 hover:underline"
            >
              {email}
            </a>
          </li>
        ) : null}
      </ul>
      <p className="rounded-xl border border-brand/30 bg-brand-soft p-4 text-sm leading-relaxed text-ink">
        {t('legal.contact.orderTip')}
      </p>
    </div>
  );
}
