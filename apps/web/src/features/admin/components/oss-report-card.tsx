import { Download } from 'lucide-react';
import { type ReactNode, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { buttonClasses } from '#src/components/ui/button.tsx';
import { SelectField } from '#src/components/ui/form-controls.tsx';
import { AdminCard } from './admin-page.tsx';

/** The first year invoices were issued in; the report offers it up to the current year. */
const FIRST_YEAR = 2026;

/** The OSS VAT report of a chosen calendar quarter, downloaded as CSV. */
export function OssReportCard(): ReactNode {
  const { t } = useTranslation();
  const yearId = useId();
  const quarterId = useId();
  const today = new Date();
  const currentYear = Math.max(FIRST_YEAR, today.getFullYear());
  const [year, setYear] = useState(currentYear);
  const [quarter, setQuarter] = useState(Math.floor(today.getMonth() / 3) + 1);
  const years = Array.from({ length: currentYear - FIRST_YEAR + 1 }, (_, i) => currentYear - i);

  return (
    <AdminCard title={t('admin.reports.title')}>
      <p className="text-sm text-ink-muted">{t('admin.reports.intro')}</p>
      <div className="mt-4 flex flex-col gap-4 sm:flex-row sm:items-end">
        <SelectField
          id={yearId}
          label={t('admin.reports.year')}
          value={year}
          onChange={(event) => setYear(Number(event.target.value))}
        >
          {years.map((y) => (
            <option key={y} value={y}>
              {y}
            </option>
          ))}
        </SelectField>
        <SelectField
          id={quarterId}
          label={t('admin.reports.quarter')}
          value={quarter}
          onChange={(event) => setQuarter(Number(event.target.value))}
        >
          {[1, 2, 3, 4].map((q) => (
            <option key={q} value={q}>
              {t('admin.reports.quarterOption', { quarter: q })}
            </option>
          ))}
        </SelectField>
        <a
          data-testid="oss-download"
          href={`/api/admin/reports/oss?year=${year}&quarter=${quarter}`}
          download
          className={buttonClasses({ variant: 'primary' })}
        >
          <Download aria-hidden="true" className="size-4" />
          {t('admin.reports.download')}
        </a>
      </div>
    </AdminCard>
  );
}
