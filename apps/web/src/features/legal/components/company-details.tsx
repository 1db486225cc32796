import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { env } from '#src/config/env.ts';
import { contactFormHref } from '#src/config/paths.ts';
import { useSupportAddress } from '#src/features/legal/api/support-api.ts';

const linkClasses = 'font-medium text-brand underline-offset-4 hover:underline';

function Placeholder(): ReactNode {
  const { t } = useTranslation();
  return (
    <span
      data-testid="company-placeholder"
      className="rounded border border-dashed border-amber-400/70 px-1.5 py-0.5 text-amber-200"
    >
      {t('legal.legal.placeholder')}
    </span>
  );
}

/** The support address the server publishes; without one, a placeholder and the contact form. */
function SupportAddress({
  email,
  pending,
}: {
  email: string | null | undefined;
  pending: boolean;
}): ReactNode {
  const { t } = useTranslation();
  if (pending)
    return (
      <span aria-busy="true" className="inline-block h-4 w-48 max-w-full animate-pulse rounded bg-raised">
        <span className="sr-only">{t('common.loading')}</span>
      </span>
    );
  if (email)
    return (
      <a href={`mailto:${email}`} data-testid="support-address" className={`${linkClasses} break-all`}>
        {email}
      </a>
    );
  return (
    <span className="flex flex-wrap items-center gap-x-3 gap-y-1">
      <Placeholder />
      <Link to={contactFormHref} className={linkClasses}>
        {t('support.form.title')}
      </Link>
    </span>
  );
}

/**
 * The company's identifiers on the legal notice, as configured for this deployment (VITE_COMPANY_*), and
 * the support address the server publishes at run time. A value that is not configured shows as a clearly
 * marked placeholder.
 */
export function CompanyDetails(): ReactNode {
  const { t } = useTranslation();
  const support = useSupportAddress();
  const rows: { label: string; value: string | undefined }[] = [
    { label: t('legal.legal.name'), value: 'Keyland' },
    { label: t('legal.legal.registryCode'), value: env.companyRegistryCode },
    { label: t('legal.legal.vatNumber'), value: env.companyVatNumber },
    { label: t('legal.legal.address'), value: env.companyAddress },
  ];
  const complete = rows.every((row) => row.value !== undefined) && support.email !== null;

  return (
    <section aria-labelledby="company-details" className="mt-8 rounded-xl border border-line bg-surface p-5">
      <h2 id="company-details" className="text-lg font-semibold text-ink">
        {t('legal.legal.company')}
      </h2>
      <dl className="mt-3 grid gap-x-6 gap-y-2 text-sm sm:grid-cols-[auto_1fr]">
        {rows.map((row) => (
          <div key={row.label} className="contents">
            <dt className="text-ink-faint">{row.label}</dt>
            <dd className="break-words text-ink">{row.value ?? <Placeholder />}</dd>
          </div>
        ))}
        <div className="contents">
          <dt className="text-ink-faint">{t('legal.legal.email')}</dt>
          <dd className="break-words text-ink">
            <SupportAddress email={support.email} pending={support.isPending} />
          </dd>
        </div>
      </dl>
      {complete ? null : <p className="mt-3 text-sm text-ink-muted">{t('legal.legal.placeholderNote')}</p>}
    </section>
  );
}
