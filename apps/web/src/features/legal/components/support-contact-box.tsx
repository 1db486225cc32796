import { Mail, MessageSquareText } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { SupportHours } from '#src/components/layout/support-hours.tsx';
import { contactFormHref } from '#src/config/paths.ts';
import { useSupportAddress } from '#src/features/legal/api/support-api.ts';

const linkClasses =
  'inline-flex min-h-10 items-center gap-2 text-sm font-medium break-all text-brand underline-offset-4 hover:underline';

/**
 * How to reach support, under a legal page whose text sends the reader to support (to use their rights,
 * with a question): the hours, the contact form and the support address when the server has one.
 */
export function SupportContactBox(): ReactNode {
  const { t } = useTranslation();
  const { email } = useSupportAddress();
  return (
    <section
      aria-labelledby="legal-support"
      data-testid="support-contact-box"
      className="mt-10 rounded-xl border border-line bg-surface p-5"
    >
      <h2 id="legal-support" className="text-xl font-semibold text-ink">
        {t('footer.supportTitle')}
      </h2>
      <SupportHours className="mt-2 leading-relaxed" />
      <ul className="mt-3 flex flex-col gap-1 sm:flex-row sm:flex-wrap sm:gap-x-6">
        <li>
          <Link to={contactFormHref} className={linkClasses}>
            <MessageSquareText aria-hidden="true" className="size-4 shrink-0" />
            {t('support.form.title')}
          </Link>
        </li>
        {email ? (
          <li>
            <a href={`mailto:${email}`} className={linkClasses}>
              <Mail aria-hidden="true" className="size-4 shrink-0" />
              <span>
                <span className="sr-only">{t('support.emailTitle')}: </span>
                {email}
              </span>
            </a>
          </li>
        ) : null}
      </ul>
    </section>
  );
}
