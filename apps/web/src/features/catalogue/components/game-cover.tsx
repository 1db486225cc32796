import { type ReactNode, useState } from 'react';
import { MissingImage } from '#src/components/ui/missing-image.tsx';

export const COVER_PLACEHOLDER = '/media/cover-placeholder.svg';
export const COVER_WIDTH = 300;
export const COVER_HEIGHT = 400;

export interface GameCoverProps {
  src: string;
  alt: string;
  /** Covers in the first row load at once; the rest wait until they near the screen. */
  priority?: boolean;
}

/** A 3:4 cover that falls back to the placeholder image, and to an icon if even that fails. */
export function GameCover({ src, alt, priority = false }: GameCoverProps): ReactNode {
  const [current, setCurrent] = useState(src || COVER_PLACEHOLDER);
  const [failed, setFailed] = useState(false);
  const [prevSrc, setPrevSrc] = useState(src);
  if (src !== prevSrc) {
    setPrevSrc(src);
    setCurrent(src || COVER_PLACEHOLDER);
    setFailed(false);
  }

  return (
    <div className="relative aspect-[3/4] overflow-hidden bg-raised">
      {failed ? (
        <MissingImage alt={alt} />
      ) : (
        <img
          src={current}
          alt={alt}
          width={COVER_WIDTH}
          height={COVER_HEIGHT}
          loading={priority ? 'eager' : 'lazy'}
          decoding="async"
          fetchPriority={priority ? 'high' : 'auto'}
          onError={() => {
            if (current !== COVER_PLACEHOLDER) setCurrent(COVER_PLACEHOLDER);
            else setFailed(true);
          }}
          className="size-full object-cover transition-transform duration-300 group-hover:scale-[1.03]"
        />
      )}
    </div>
  );
}
