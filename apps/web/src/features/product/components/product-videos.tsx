import type { GameDetail } from '@keyland/core/schemas/game-detail';
import { Play } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toVideoSource, type VideoSource } from '#src/features/product/utils/video-embed.ts';

type Video = GameDetail['videos'][number];

/**
 * A video-site player stays a button until the visitor asks for it: nothing is loaded from YouTube or
 * Vimeo before that click (no third-party request, and so no IP address sent, without consent).
 */
function EmbeddedVideo({
  source,
  title,
}: {
  source: Extract<VideoSource, { embedUrl: string }>;
  title: string;
}) {
  const { t } = useTranslation();
  const [playing, setPlaying] = useState(false);
  const site = source.kind === 'youtube' ? 'YouTube' : 'Vimeo';
  if (playing) {
    const separator = source.embedUrl.includes('?') ? '&' : '?';
    return (
      <iframe
        src={`${source.embedUrl}${separator}autoplay=1`}
        title={title}
        allow="autoplay; encrypted-media; fullscreen; picture-in-picture"
        allowFullScreen
        referrerPolicy="strict-origin-when-cross-origin"
        className="size-full border-0"
      />
    );
  }
  return (
    <button
      type="button"
      onClick={() => setPlaying(true)}
      data-embed-url={source.embedUrl}
      className="group flex size-full flex-col items-center justify-center gap-3 bg-[radial-gradient(circle_at_center,var(--color-line)_0%,var(--color-raised)_70%)] p-4 text-center"
    >
      <span className="grid size-14 place-items-center rounded-full bg-brand text-on-brand shadow-lg transition-transform group-hover:scale-105">
        <Play aria-hidden="true" className="size-6 translate-x-0.5" fill="currentColor" />
      </span>
      <span className="line-clamp-2 text-sm font-semibold text-ink">{t('product.playVideo', { title })}</span>
      <span className="max-w-xs text-xs text-ink-muted">{t('product.videoPrivacy', { site })}</span>
    </button>
  );
}

/** The game's videos: video-site links through their privacy-enhanced players, other files played directly. */
export function ProductVideos({ videos, name }: { videos: readonly Video[]; name: string }): ReactNode {
  const { t } = useTranslation();
  const items = videos
    .map((video, index) => ({ video, index, source: toVideoSource(video.url) }))
    .filter((item): item is typeof item & { source: VideoSource } => item.source !== null);
  if (items.length === 0) return null;

  return (
    <section aria-labelledby="product-videos" className="flex flex-col gap-3">
      <h2 id="product-videos" className="text-lg font-semibold text-ink">
        {t('product.videos')}
      </h2>
      <ul className="grid gap-4">
        {items.map(({ video, index, source }) => {
          const title = video.title.trim() || t('product.videoOf', { name, index: index + 1 });
          return (
            <li key={`${video.url}-${index}`} className="flex flex-col gap-2">
              <div className="aspect-video overflow-hidden rounded-xl border border-line bg-raised">
                {source.kind === 'file' ? (
                  // biome-ignore lint/a11y/useMediaCaption: game trailers come from the supplier without caption tracks.
                  <video
                    src={source.url}
                    controls
                    preload="none"
                    playsInline
                    className="size-full"
                    title={title}
                  />
                ) : (
                  <EmbeddedVideo source={source} title={title} />
                )}
              </div>
              {source.kind === 'file' ? <p className="text-sm text-ink-muted">{title}</p> : null}
            </li>
          );
        })}
      </ul>
    </section>
  );
}
