import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { env } from '../../../config/env.ts';

/** The company's identifiers on the legal notice, as published by this deployment (VITE_COMPANY_*). */
export function CompanyDetails(): ReactNode {
  const { t } = useTranslation();
  const rows = [
    { label: t('legal.legal.name'), value: 'Keyland' },
    { label: t('legal.legal.registryCode'), value: env.companyRegistryCode },
    { label: t('legal.legal.vatNumber'), value: env.companyVatNumber },
    { label: t('legal.legal.address'), value: env.companyAddress },
    { label: t('legal.legal.email'), value: env.supportEmail },
  ].filter((row): row is { label: string; value: string } => row.value !== undefined);
  const complete = rows.length === 5;

  return (
    <section aria-labelledby="company-details" className="mt-8 rounded-xl border border-line bg-surface p-5">
      <h2 id="company-details" className="text-lg font-semibold text-ink">
        {t('legal.legal.company')}
      </h2>
      <dl className="mt-3 grid gap-x-6 gap-y-2 text-sm sm:grid-cols-[auto_1fr]">
        {rows.map((row) => (
          <div key={row.label} className="contents">
            <dt className="text-ink-faint">{row.label}</dt>
            <dd className="break-words text-ink">{row.value}</dd>
          </div>
        ))}
      </dl>
      {complete ? null : <p className="mt-3 text-sm text-ink-muted">{t('legal.legal.detailsOnRequest')}</p>}
    </section>
  );
}
