import { type ReactNode, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocale } from '#src/hooks/use-locale.ts';

/** The promo video exists in Spanish and English; every other language gets the English one. */
export function promoVariant(locale: string): 'es' | 'en' {
  return locale === 'es' ? 'es' : 'en';
}

/** Mounts its content only once it comes near the screen, so it is never part of the first paint. */
function useNearScreen<T extends Element>(margin = '200px') {
  const ref = useRef<T>(null);
  const [near, setNear] = useState(false);
  useEffect(() => {
    const element = ref.current;
    if (!element || near) return;
    if (typeof IntersectionObserver === 'undefined') {
      setNear(true);
      return;
    }
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) {
          setNear(true);
          observer.disconnect();
        }
      },
      { rootMargin: margin },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [near, margin]);
  return { ref, near };
}

/**
 * The catalogue's promo video, in the interface language. It is loaded only near the screen, never plays
 * by itself (so it respects prefers-reduced-motion), and shows a poster until the visitor presses play.
 */
export function PromoVideo(): ReactNode {
  const { t } = useTranslation();
  const variant = promoVariant(useLocale());
  const { ref, near } = useNearScreen<HTMLDivElement>();

  return (
    <section
      aria-labelledby="promo-title"
      className="mt-12 grid items-center gap-6 rounded-2xl border border-line bg-surface p-4 sm:p-6 md:grid-cols-[minmax(0,1fr)_minmax(0,1.2fr)] lg:gap-10"
    >
      <div className="md:order-2">
        <h2 id="promo-title" className="text-2xl font-bold tracking-tight text-balance text-ink">
          {t('splash.promoTitle')}
        </h2>
        <p className="mt-2 text-base text-pretty text-ink-muted">{t('splash.promoBody')}</p>
      </div>
      <div
        ref={ref}
        className="aspect-video overflow-hidden rounded-xl border border-line bg-raised md:order-1"
      >
        {near ? (
          // The promo has no sound track; its only words are burnt into the picture.
          <video
            key={variant}
            controls
            muted
            playsInline
            preload="none"
            poster={`/media/promo-${variant}-poster.webp`}
            aria-label={t('splash.promoVideo')}
            data-testid="promo-video"
            data-variant={variant}
            className="size-full object-cover"
          >
            <source src={`/media/promo-${variant}.webm`} type="video/webm" />
            <source src={`/media/promo-${variant}.mp4`} type="video/mp4" />
          </video>
        ) : null}
      </div>
    </section>
  );
}
