import { ChevronDown, Cookie } from 'lucide-react';
import { type ReactNode, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button, buttonClasses } from '#src/components/ui/button.tsx';
import { NEEDS_JAVASCRIPT } from '#src/components/ui/javascript-note.tsx';
import { paths } from '#src/config/paths.ts';
import { useBannerOffset } from '#src/features/consent/hooks/use-banner-offset.ts';
import { useCookieConsent } from '#src/features/consent/hooks/use-cookie-consent.ts';
import { cn } from '#src/lib/cn.ts';

/**
 * The cookie banner (spec "Catalogue screen" and "Cookie banner" states): at the bottom of the window
 * (the layout's bottom dock, under the floating cart) while no answer is stored, with an accept button and a collapsible legal text; gone once accepted.
 *
 * It says what is true: the store sets one strictly necessary cookie (`keyland_session`) and loads no
 * third-party script, so there is nothing to opt into and no reject button is needed. It never takes
 * focus by itself; it is a labelled region reached by Tab after the page, and the page gets bottom
 * padding as tall as the banner.
 */
export function CookieBanner(): ReactNode {
  const { accepted, accept } = useCookieConsent();
  if (accepted) return null;
  return <CookieBannerPanel onAccept={accept} />;
}

function CookieBannerPanel({ onAccept }: { onAccept: () => void }): ReactNode {
  const { t } = useTranslation();
  const [expanded, setExpanded] = useState(false);
  const ref = useRef<HTMLElement>(null);
  const titleId = useId();
  const detailsId = useId();
  useBannerOffset(ref, true);

  const acceptAndMoveOn = () => {
    const hadFocus = ref.current?.contains(document.activeElement) ?? false;
    onAccept();
    // The focused button disappears with the banner: continue from the page rather than from nowhere.
    if (hadFocus) document.getElementById('main')?.focus({ preventScroll: true });
  };

  return (
    <section
      ref={ref}
      aria-labelledby={titleId}
      aria-live="polite"
      data-testid="cookie-banner"
      {...NEEDS_JAVASCRIPT}
      className="pointer-events-auto border-t border-line-strong bg-surface shadow-[0_-12px_32px_rgb(0_0_0/0.45)]"
    >
      <div className="mx-auto flex max-h-[70dvh] max-w-7xl flex-col gap-3 overflow-y-auto overscroll-contain px-4 py-3 pb-[max(0.75rem,env(safe-area-inset-bottom))] sm:px-6 md:flex-row md:items-start md:gap-6 md:py-4 lg:px-8">
        <div className="flex min-w-0 flex-1 gap-3">
          <Cookie aria-hidden="true" className="mt-0.5 hidden size-5 shrink-0 text-brand sm:block" />
          <div className="min-w-0 flex-1">
            <h2 id={titleId} className="text-sm font-semibold text-ink">
              {t('consent.title')}
            </h2>
            <p className="mt-1 text-sm leading-relaxed text-ink-muted">
              {t('consent.summary')}{' '}
              <Link
                to={paths.cookies}
                className="font-medium text-brand-strong underline underline-offset-4 hover:text-ink"
              >
                {t('consent.policyLink')}
              </Link>
            </p>
            <div
              id={detailsId}
              hidden={!expanded}
              data-testid="cookie-banner-details"
              className="mt-2 space-y-2 border-l-2 border-line-strong pl-3 text-sm leading-relaxed text-ink-muted"
            >
              <p>{t('consent.detailsCookie')}</p>
              <p>{t('consent.detailsStorage')}</p>
              <p>{t('consent.detailsThirdParty')}</p>
            </div>
          </div>
        </div>
        <div className="flex shrink-0 flex-wrap items-center gap-2 md:pt-0.5">
          <button
            type="button"
            aria-expanded={expanded}
            aria-controls={detailsId}
            onClick={() => setExpanded((open) => !open)}
            className={buttonClasses({ variant: 'secondary', size: 'md', className: 'flex-1 md:flex-none' })}
          >
            {t('consent.details')}
            <ChevronDown
              aria-hidden="true"
              className={cn(
                'size-4 transition-transform motion-reduce:transition-none',
                expanded && 'rotate-180',
              )}
            />
          </button>
          <Button
            onClick={acceptAndMoveOn}
            className="flex-1 md:flex-none md:min-w-32"
            data-testid="cookie-accept"
          >
            {t('consent.accept')}
          </Button>
        </div>
      </div>
    </section>
  );
}
