import useEmblaCarousel from 'embla-carousel-react';
import { ChevronLeft, ChevronRight, ImageOff, type LucideIcon } from 'lucide-react';
import { type KeyboardEvent, type ReactNode, useCallback, useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MissingImage } from '#src/components/ui/missing-image.tsx';
import { usePrefersReducedMotion } from '#src/hooks/use-prefers-reduced-motion.ts';
import { cn } from '#src/lib/cn.ts';

export interface PhotoCarouselProps {
  photos: readonly string[];
  /** The game's name, for the photos' text alternatives. */
  name: string;
}

const PHOTO_WIDTH = 1280;
const PHOTO_HEIGHT = 720;

const arrow =
  'absolute top-1/2 z-10 grid size-11 -translate-y-1/2 place-items-center rounded-full border border-line-strong ' +
  'bg-canvas/80 text-ink shadow-lg backdrop-blur transition-colors hover:border-brand hover:text-brand-strong';

/** The previous or next button over the photos' side. */
function ArrowButton({
  icon: Icon,
  label,
  onClick,
  className,
}: {
  icon: LucideIcon;
  label: string;
  onClick: () => void;
  className: string;
}): ReactNode {
  return (
    <button type="button" onClick={onClick} aria-label={label} className={cn(arrow, className)}>
      <Icon aria-hidden="true" className="size-5" />
    </button>
  );
}

function Photo({ src, alt, eager }: { src: string; alt: string; eager: boolean }): ReactNode {
  const [failed, setFailed] = useState(false);
  if (failed) return <MissingImage alt={alt} />;
  // The whole photo is shown whatever its shape (covers are portrait), over a blurred copy of itself.
  return (
    <div className="relative size-full overflow-hidden">
      <img
        src={src}
        alt=""
        aria-hidden="true"
        loading={eager ? 'eager' : 'lazy'}
        decoding="async"
        draggable={false}
        className="absolute inset-0 size-full scale-110 object-cover opacity-40 blur-2xl select-none"
      />
      <img
        src={src}
        alt={alt}
        width={PHOTO_WIDTH}
        height={PHOTO_HEIGHT}
        loading={eager ? 'eager' : 'lazy'}
        fetchPriority={eager ? 'high' : 'auto'}
        decoding="async"
        draggable={false}
        onError={() => setFailed(true)}
        className="relative size-full object-contain select-none"
      />
    </div>
  );
}

/**
 * The game's photos: swipe or drag, previous/next buttons that wrap around, dots, and the arrow keys
 * when the carousel has focus. Slides glide unless the visitor asked for less motion.
 */
export function PhotoCarousel({ photos, name }: PhotoCarouselProps): ReactNode {
  const { t } = useTranslation();
  const reducedMotion = usePrefersReducedMotion();
  const many = photos.length > 1;
  const [viewportRef, embla] = useEmblaCarousel({ loop: true, duration: 22, active: many });
  const [selected, setSelected] = useState(0);
  const slideIdBase = useId();

  useEffect(() => {
    if (!embla) return;
    const update = () => setSelected(embla.selectedScrollSnap());
    update();
    embla.on('select', update).on('reInit', update);
    return () => {
      embla.off('select', update).off('reInit', update);
    };
  }, [embla]);

  const previous = useCallback(() => embla?.scrollPrev(reducedMotion), [embla, reducedMotion]);
  const next = useCallback(() => embla?.scrollNext(reducedMotion), [embla, reducedMotion]);
  const goTo = useCallback((index: number) => embla?.scrollTo(index, reducedMotion), [embla, reducedMotion]);

  const onKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    if (!many) return;
    if (event.key === 'ArrowLeft') {
      event.preventDefault();
      previous();
    } else if (event.key === 'ArrowRight') {
      event.preventDefault();
      next();
    } else if (event.key === 'Home') {
      event.preventDefault();
      goTo(0);
    } else if (event.key === 'End') {
      event.preventDefault();
      goTo(photos.length - 1);
    }
  };

  if (photos.length === 0) {
    return (
      <div className="grid aspect-video place-items-center rounded-xl border border-line bg-raised text-ink-faint">
        <ImageOff aria-hidden="true" className="size-10" strokeWidth={1.5} />
        <span className="sr-only">{t('product.noPhotos')}</span>
      </div>
    );
  }

  return (
    <section
      aria-roledescription={t('product.carousel')}
      aria-label={t('product.photosOf', { name })}
      data-testid="photo-carousel"
      className="flex flex-col gap-3"
    >
      {/* The photo strip takes focus so the arrow keys can move it (and keys pressed on its buttons bubble here). */}
      {/* biome-ignore lint/a11y/useSemanticElements: a focusable group of slides, not a form fieldset. */}
      <div
        tabIndex={many ? 0 : -1}
        onKeyDown={onKeyDown}
        aria-label={many ? t('product.carouselKeys') : t('product.photosOf', { name })}
        role="group"
        data-testid="carousel-viewport"
        className="relative overflow-hidden rounded-xl border border-line bg-raised"
      >
        <div ref={viewportRef} className="overflow-hidden">
          <div className="flex touch-pan-y">
            {photos.map((src, index) => (
              // biome-ignore lint/a11y/useSemanticElements: a slide is a role=group with roledescription (WAI-ARIA carousel pattern), not a form fieldset.
              <div
                // biome-ignore lint/suspicious/noArrayIndexKey: the same address may appear twice; the list never reorders.
                key={`${src}-${index}`}
                id={`${slideIdBase}-${index}`}
                role="group"
                aria-roledescription={t('product.slide')}
                aria-label={t('product.photoOf', { index: index + 1, total: photos.length })}
                aria-hidden={many && index !== selected ? true : undefined}
                className="aspect-video min-w-0 flex-[0_0_100%]"
              >
                <Photo
                  src={src}
                  alt={t('product.photoAlt', { name, index: index + 1 })}
                  eager={index === 0}
                />
              </div>
            ))}
          </div>
        </div>
        {many ? (
          <>
            <ArrowButton
              icon={ChevronLeft}
              label={t('product.previousPhoto')}
              onClick={previous}
              className="left-2 sm:left-3"
            />
            <ArrowButton
              icon={ChevronRight}
              label={t('product.nextPhoto')}
              onClick={next}
              className="right-2 sm:right-3"
            />
            <p
              aria-live="polite"
              data-testid="carousel-position"
              className="absolute right-3 bottom-3 rounded-md bg-canvas/80 px-2 py-0.5 text-xs font-medium text-ink tabular-nums"
            >
              <span className="sr-only">
                {t('product.photoOf', { index: selected + 1, total: photos.length })}
              </span>
              <span aria-hidden="true">
                {selected + 1} / {photos.length}
              </span>
            </p>
          </>
        ) : null}
      </div>
      {many ? (
        <div className="flex flex-wrap justify-center gap-1">
          {photos.map((src, index) => (
            <button
              // biome-ignore lint/suspicious/noArrayIndexKey: the same address may appear twice; the list never reorders.
              key={`dot-${src}-${index}`}
              type="button"
              onClick={() => goTo(index)}
              aria-label={t('product.goToPhoto', { index: index + 1 })}
              aria-current={index === selected ? 'true' : undefined}
              aria-controls={`${slideIdBase}-${index}`}
              data-testid="carousel-dot"
              className="group grid size-8 place-items-center rounded-full"
            >
              <span
                className={cn(
                  'block h-2 rounded-full transition-all',
                  index === selected ? 'w-6 bg-brand' : 'w-2 bg-line-strong group-hover:bg-ink-faint',
                )}
              />
            </button>
          ))}
        </div>
      ) : null}
    </section>
  );
}
