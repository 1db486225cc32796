import { describe, expect, it } from 'vitest';
import { toVideoSource } from './video-embed.ts';

describe('toVideoSource', () => {
  it('embeds YouTube links through youtube-nocookie.com', () => {
    for (const url of [
      'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
      'https://youtu.be/dQw4w9WgXcQ?t=3',
      'https://m.youtube.com/watch?v=dQw4w9WgXcQ&list=x',
      'https://www.youtube.com/embed/dQw4w9WgXcQ',
      'https://youtube.com/shorts/dQw4w9WgXcQ',
    ]) {
      expect(toVideoSource(url), url).toEqual({
        kind: 'youtube',
        id: 'dQw4w9WgXcQ',
        embedUrl: 'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ',
      });
    }
  });

  it('embeds Vimeo links with do-not-track', () => {
    expect(toVideoSource('https://vimeo.com/76979871')).toEqual({
      kind: 'vimeo',
      id: '76979871',
      embedUrl: 'https://player.vimeo.com/video/76979871?dnt=1',
    });
    expect(toVideoSource('https://player.vimeo.com/video/76979871')?.kind).toBe('vimeo');
  });

  it('plays other addresses directly and drops unsafe ones', () => {
    expect(toVideoSource('https://cdn.example.com/trailer.mp4')).toEqual({
      kind: 'file',
      url: 'https://cdn.example.com/trailer.mp4',
    });
    expect(toVideoSource('/media/promo-en.webm')).toEqual({ kind: 'file', url: '/media/promo-en.webm' });
    expect(toVideoSource('javascript:alert(1)')).toBeNull();
    expect(toVideoSource('data:video/mp4;base64,AAAA')).toBeNull();
    expect(toVideoSource('//evil.example/x.mp4')?.kind).toBe('file');
    expect(toVideoSource('https://www.youtube.com/watch?v=<script>')?.kind).toBe('file');
  });
});
