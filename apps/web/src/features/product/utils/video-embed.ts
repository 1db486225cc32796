/** How a game video is shown: through a video site's privacy-enhanced player, or played directly. */
export type VideoSource =
  | { kind: 'youtube'; id: string; embedUrl: string }
  | { kind: 'vimeo'; id: string; embedUrl: string }
  | { kind: 'file'; url: string };

const YOUTUBE_ID = /^[\w-]{11}$/;
const VIMEO_ID = /^\d{1,12}$/;

function parseUrl(url: string): URL | null {
  try {
    return new URL(url.trim(), 'https://keyland.invalid');
  } catch {
    return null;
  }
}

function youtubeId(url: URL): string | null {
  const host = url.hostname.replace(/^(www|m|music)\./, '');
  let id: string | null = null;
  if (host === 'youtu.be') id = url.pathname.split('/')[1] ?? null;
  else if (host === 'youtube.com' || host === 'youtube-nocookie.com') {
    if (url.pathname === '/watch') id = url.searchParams.get('v');
    else {
      const match = /^\/(?:embed|shorts|live|v)\/([^/?#]+)/.exec(url.pathname);
      id = match?.[1] ?? null;
    }
  }
  return id && YOUTUBE_ID.test(id) ? id : null;
}

function vimeoId(url: URL): string | null {
  const host = url.hostname.replace(/^www\./, '');
  if (host !== 'vimeo.com' && host !== 'player.vimeo.com') return null;
  const match = /^\/(?:video\/)?(\d+)(?:\/|$)/.exec(url.pathname);
  const id = match?.[1] ?? null;
  return id && VIMEO_ID.test(id) ? id : null;
}

/**
 * Reads a video link. YouTube links go through youtube-nocookie.com and Vimeo links through
 * player.vimeo.com with dnt=1 (no tracking cookies); any other http(s) address or store path is played
 * with the browser's own player. Anything else (javascript:, data:, unreadable text) is dropped.
 */
export function toVideoSource(raw: string): VideoSource | null {
  const url = parseUrl(raw);
  if (!url) return null;
  const isStorePath = /^\/(?!\/)/.test(raw.trim());
  if (!isStorePath && url.protocol !== 'https:' && url.protocol !== 'http:') return null;
  if (!isStorePath) {
    const yt = youtubeId(url);
    if (yt) return { kind: 'youtube', id: yt, embedUrl: `https://www.youtube-nocookie.com/embed/${yt}` };
    const vimeo = vimeoId(url);
    if (vimeo) return { kind: 'vimeo', id: vimeo, embedUrl: `https://player.vimeo.com/video/${vimeo}?dnt=1` };
    return { kind: 'file', url: url.href };
  }
  return { kind: 'file', url: `${url.pathname}${url.search}` };
}
