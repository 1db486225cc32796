import { CreditCard, Receipt, Zap } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { LogoMark } from '#src/components/ui/logo.tsx';
import { legalLinks, paths } from '#src/config/paths.ts';
import { useFirstRenderNow } from '#src/lib/first-render.tsx';
import { SupportHours } from './support-hours.tsx';

/** A column of the footer named by its heading. */
function FooterSection({
  id,
  title,
  children,
}: {
  id: string;
  title: string;
  children: ReactNode;
}): ReactNode {
  return (
    <section aria-labelledby={id}>
      <h2 id={id} className="text-sm font-semibold text-ink">
        {title}
      </h2>
      {children}
    </section>
  );
}

/** The footer: trust signals, support hours and the legal pages. */
export function SiteFooter(): ReactNode {
  const { t } = useTranslation();
  // The year the server wrote while the browser takes over its HTML (they differ for a moment at New Year).
  const year = new Date(useFirstRenderNow()()).getFullYear();
  const trust = [
    { icon: Receipt, text: t('footer.trustVat') },
    { icon: Zap, text: t('footer.trustInstant') },
    { icon: CreditCard, text: t('footer.trustSecure') },
  ];
  return (
    <footer className="mt-16 border-t border-line bg-surface">
      <div className="mx-auto grid max-w-7xl gap-10 px-4 py-10 sm:px-6 md:grid-cols-3 lg:px-8">
        <div>
          <div className="flex items-center gap-2.5">
            <LogoMark className="size-7" />
            <span className="text-base font-bold tracking-tight text-ink">Keyland</span>
          </div>
          <p className="mt-3 max-w-xs text-sm leading-relaxed text-ink-muted">{t('footer.tagline')}</p>
          <ul className="mt-5 space-y-2">
            {trust.map(({ icon: Icon, text }) => (
              <li key={text} className="flex items-center gap-2 text-sm text-ink">
                <Icon aria-hidden="true" className="size-4 shrink-0 text-brand" />
                {text}
              </li>
            ))}
          </ul>
        </div>

        <FooterSection id="footer-support" title={t('footer.supportTitle')}>
          <SupportHours className="mt-3" />
          <Link
            to={paths.contact}
            className="mt-4 inline-flex min-h-10 items-center text-sm font-medium text-brand underline-offset-4 hover:underline"
          >
            {t('legalMenu.contact')}
          </Link>
        </FooterSection>

        <FooterSection id="footer-legal" title={t('footer.legalTitle')}>
          <ul className="mt-2 grid gap-x-4 sm:grid-cols-2 md:grid-cols-1">
            {legalLinks.map((link) => (
              <li key={link.key}>
                <Link
                  to={link.href}
                  className="inline-flex min-h-10 items-center text-sm text-ink-muted underline-offset-4 hover:text-ink hover:underline"
                >
                  {t(`legalMenu.${link.key}`)}
                </Link>
              </li>
            ))}
          </ul>
        </FooterSection>
      </div>
      <div className="border-t border-line">
        <p className="mx-auto max-w-7xl px-4 py-5 text-xs text-ink-faint sm:px-6 lg:px-8">
          {t('footer.copyright', { year })}
        </p>
      </div>
    </footer>
  );
}
