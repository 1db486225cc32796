import { ArrowLeft } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { DocumentTitle } from '#src/components/ui/document-title.tsx';

export type LegalPageKey = 'terms' | 'policy' | 'cookies' | 'legal';

interface Section {
  title: string;
  body: string;
}

export interface LegalPageProps {
  page: LegalPageKey | 'contact';
  backHref: string;
  /** Shown under the title ("Last updated: April 2025"). */
  updated?: string | undefined;
  /** Page-specific content after the introduction (company details, contact cards). */
  children?: ReactNode;
  /** Page-specific content after the sections (how to reach support). */
  footer?: ReactNode;
}

/** The frame of the static legal pages: back link to the store, title, introduction, sections. */
export function LegalPage({ page, backHref, updated, children, footer }: LegalPageProps): ReactNode {
  const { t } = useTranslation();
  const title = t(`legal.${page}.title`);
  const sections: [string, Section][] =
    page === 'contact'
      ? []
      : Object.entries(t(`legal.${page}.sections`, { returnObjects: true }) as Record<string, Section>);

  return (
    <article className="mx-auto max-w-3xl px-4 pt-6 sm:px-6 sm:pt-10">
      <DocumentTitle title={title} />
      <Link
        to={backHref}
        className="inline-flex min-h-10 items-center gap-2 rounded-lg text-sm font-medium text-brand underline-offset-4 hover:underline"
      >
        <ArrowLeft aria-hidden="true" className="size-4" />
        {t('common.backToStore')}
      </Link>
      <header className="mt-4 border-b border-line pb-6">
        <h1 className="text-3xl font-bold tracking-tight text-balance text-ink sm:text-4xl">{title}</h1>
        {updated ? (
          <p className="mt-2 text-sm text-ink-faint">{t('legal.lastUpdated', { date: updated })}</p>
        ) : null}
        <p className="mt-4 text-lg leading-relaxed text-pretty text-ink-muted">{t(`legal.${page}.intro`)}</p>
      </header>
      {children}
      {sections.length > 0 ? (
        <div className="mt-8 space-y-8">
          {sections.map(([id, section]) => (
            <section key={id} aria-labelledby={`legal-${id}`}>
              <h2 id={`legal-${id}`} className="text-xl font-semibold text-ink">
                {section.title}
              </h2>
              <p className="mt-2 leading-relaxed text-pretty text-ink-muted">{section.body}</p>
            </section>
          ))}
        </div>
      ) : null}
      {footer}
    </article>
  );
}
