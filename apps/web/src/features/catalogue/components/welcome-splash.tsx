import { ArrowRight, BadgeEuro, Headset, Pause, Play, Zap } from 'lucide-react';
import { type ReactNode, useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { LogoMark } from '#src/components/ui/logo.tsx';
import { usePrefersReducedMotion } from '#src/hooks/use-prefers-reduced-motion.ts';

export const SPLASH_POSTER = '/media/splash-poster.webp';
export const SPLASH_SOURCES = [
  { src: '/media/splash-loop.webm', type: 'video/webm' },
  { src: '/media/splash-loop.mp4', type: 'video/mp4' },
] as const;

function subscribeToLoad(onLoad: () => void): () => void {
  window.addEventListener('load', onLoad, { once: true });
  return () => window.removeEventListener('load', onLoad);
}

/**
 * True once the page has finished loading (at once when the app is already running); false on the server
 * and while the browser takes over the server's HTML.
 */
function usePageLoaded(): boolean {
  return useSyncExternalStore(
    subscribeToLoad,
    () => document.readyState === 'complete',
    () => false,
  );
}

/**
 * The decorative background: a muted looping video, or only its poster for visitors who want less motion.
 * The poster is the first paint's largest image, so it loads first and at high priority; the video joins
 * it once the page has loaded, so it does not compete with the page's code and covers.
 */
function SplashBackdrop(): ReactNode {
  const { t } = useTranslation();
  const prefersReducedMotion = usePrefersReducedMotion();
  const pageLoaded = usePageLoaded();
  // Until the page has loaded the backdrop is the poster alone, as for visitors who want less motion.
  const reducedMotion = prefersReducedMotion || !pageLoaded;
  const video = useRef<HTMLVideoElement>(null);
  const [paused, setPaused] = useState(false);

  useEffect(() => {
    const element = video.current;
    if (!element || reducedMotion) return;
    // React does not always set the muted attribute, and autoplay needs it: set the property too.
    element.muted = true;
    element.play().catch(() => setPaused(true));
  }, [reducedMotion]);

  const toggle = () => {
    const element = video.current;
    if (!element) return;
    if (element.paused) {
      void element.play().then(
        () => setPaused(false),
        () => setPaused(true),
      );
    } else {
      element.pause();
      setPaused(true);
    }
  };

  const cover = 'absolute inset-0 size-full object-cover';
  return (
    <>
      <img
        src={SPLASH_POSTER}
        alt=""
        width={640}
        height={360}
        fetchPriority="high"
        className={cover}
        data-testid="splash-poster"
      />
      {reducedMotion ? null : (
        <video
          ref={video}
          className={cover}
          poster={SPLASH_POSTER}
          autoPlay
          muted
          loop
          playsInline
          preload="auto"
          aria-hidden="true"
          tabIndex={-1}
          data-testid="splash-video"
        >
          {SPLASH_SOURCES.map((source) => (
            <source key={source.src} src={source.src} type={source.type} />
          ))}
        </video>
      )}
      <div
        aria-hidden="true"
        className="absolute inset-0 bg-[radial-gradient(ellipse_at_center,rgb(10_13_11/0.35)_0%,rgb(10_13_11/0.85)_75%)]"
      />
      {reducedMotion ? null : (
        <button
          type="button"
          onClick={toggle}
          aria-label={paused ? t('splash.playVideo') : t('splash.pauseVideo')}
          className="absolute right-4 bottom-4 z-10 grid size-10 place-items-center rounded-full border border-line-strong bg-canvas/70 text-ink-muted backdrop-blur hover:text-ink"
        >
          {paused ? (
            <Play aria-hidden="true" className="size-4" />
          ) : (
            <Pause aria-hidden="true" className="size-4" />
          )}
        </button>
      )}
    </>
  );
}

/**
 * The welcome splash in front of the public store (spec: splash, then the store view). "Enter the store"
 * is a link to the catalogue's first page, which the server renders when JavaScript is off; with it, the
 * splash steps aside where it is.
 */
export function WelcomeSplash({ onEnter, enterHref }: { onEnter: () => void; enterHref: string }): ReactNode {
  const { t } = useTranslation();
  const points = [
    { icon: Zap, label: t('splash.instant') },
    { icon: BadgeEuro, label: t('splash.vat') },
    { icon: Headset, label: t('splash.support') },
  ];
  return (
    <section
      aria-labelledby="splash-title"
      data-testid="welcome-splash"
      className="relative isolate flex min-h-[calc(100dvh-4rem)] items-center overflow-hidden"
    >
      <SplashBackdrop />
      <div className="relative mx-auto flex w-full max-w-3xl flex-col items-center px-5 py-16 text-center">
        <LogoMark className="size-14 drop-shadow-lg sm:size-16" />
        <p className="mt-6 rounded-full border border-brand/40 bg-canvas/60 px-3 py-1 text-xs font-semibold tracking-wide text-brand-strong uppercase backdrop-blur">
          {t('splash.eyebrow')}
        </p>
        <h1
          id="splash-title"
          className="mt-4 text-4xl font-bold tracking-tight text-balance break-words hyphens-auto text-ink sm:text-5xl lg:text-6xl"
        >
          {t('splash.title')}
        </h1>
        <p className="mt-4 max-w-xl text-base text-pretty text-ink-muted sm:text-lg">
          {t('splash.subtitle')}
        </p>
        <a
          href={enterHref}
          onClick={(event) => {
            event.preventDefault();
            onEnter();
          }}
          data-testid="enter-store"
          data-app-action=""
          className="mt-8 inline-flex min-h-12 items-center gap-2 rounded-xl bg-brand px-6 text-base font-semibold text-on-brand shadow-[0_0_40px_-8px_var(--color-brand)] transition-colors hover:bg-brand-strong"
        >
          {t('splash.enter')}
          <ArrowRight aria-hidden="true" className="size-5" />
        </a>
        <ul className="mt-10 flex flex-wrap justify-center gap-x-6 gap-y-3 text-sm text-ink-muted">
          {points.map(({ icon: Icon, label }) => (
            <li key={label} className="flex items-center gap-2">
              <Icon aria-hidden="true" className="size-4 text-brand" />
              {label}
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
