import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { env } from '#src/config/env.ts';

/**
 * The company's identifiers on the legal notice, as configured for this deployment (VITE_COMPANY_*,
 * VITE_SUPPORT_EMAIL). A value that is not configured shows as a clearly marked placeholder.
 */
export function CompanyDetails(): ReactNode {
  const { t } = useTranslation();
  const rows: { label: string; value: string | undefined }[] = [
    { label: t('legal.legal.name'), value: 'Keyland' },
    { label: t('legal.legal.registryCode'), value: env.companyRegistryCode },
    { label: t('legal.legal.vatNumber'), value: env.companyVatNumber },
    { label: t('legal.legal.address'), value: env.companyAddress },
    { label: t('legal.legal.email'), value: env.supportEmail },
  ];
  const complete = rows.every((row) => row.value !== undefined);

  return (
    <section aria-labelledby="company-details" className="mt-8 rounded-xl border border-line bg-surface p-5">
      <h2 id="company-details" className="text-lg font-semibold text-ink">
        {t('legal.legal.company')}
      </h2>
      <dl className="mt-3 grid gap-x-6 gap-y-2 text-sm sm:grid-cols-[auto_1fr]">
        {rows.map((row) => (
          <div key={row.label} className="contents">
            <dt className="text-ink-faint">{row.label}</dt>
            <dd className="break-words text-ink">
              {row.value ?? (
                <span
                  data-testid="company-placeholder"
                  className="rounded border border-dashed border-amber-400/70 px-1.5 py-0.5 text-amber-200"
                >
                  {t('legal.legal.placeholder')}
                </span>
              )}
            </dd>
          </div>
        ))}
      </dl>
      {complete ? null : <p className="mt-3 text-sm text-ink-muted">{t('legal.legal.placeholderNote')}</p>}
    </section>
  );
}
