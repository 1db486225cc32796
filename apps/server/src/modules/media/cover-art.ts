import { platformGroupOf } from '@keyland/core/platforms';

/** Deterministic 32-bit hash of a string (FNV-1a), used to vary generated art. */
function hash(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

const escapeXml = (text: string) =>
  text.replace(
    /[<>&"']/g,
    (ch) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;', "'": '&apos;' })[ch] ?? ch,
  );

/** Splits a title into at most four lines of about 14 characters for the cover. */
function wrap(title: string): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of title.split(/\s+/)) {
    if (`${line} ${word}`.trim().length > 14 && line) {
      lines.push(line);
      line = word;
    } else line = `${line} ${word}`.trim();
  }
  if (line) lines.push(line);
  return lines.slice(0, 4);
}

/** Generated 3:4 cover art for a game: a gradient and shapes seeded by the title, the title and platform. */
export function coverSvg(title: string, platform: string, variant = 0): string {
  const seed = hash(`${title}#${variant}`);
  const hueA = seed % 360;
  const hueB = (hueA + 40 + ((seed >> 9) % 120)) % 360;
  const shapes: string[] = [];
  for (let i = 0; i < 6; i++) {
    const s = hash(`${seed}-${i}`);
    const cx = s % 300;
    const cy = (s >> 8) % 400;
    const r = 20 + ((s >> 16) % 90);
    shapes.push(
      `<circle cx="${cx}" cy="${cy}" r="${r}" fill="hsl(${(hueA + i * 25) % 360} 70% 60%)" opacity="0.18"/>`,
    );
  }
  const lines = wrap(title)
    .map((l, i) => `<tspan x="24" dy="${i === 0 ? 0 : 34}">${escapeXml(l)}</tspan>`)
    .join('');
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 300 400" width="300" height="400" role="img" aria-label="${escapeXml(title)}">
<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="hsl(${hueA} 55% 28%)"/><stop offset="1" stop-color="hsl(${hueB} 60% 12%)"/></linearGradient></defs>
<rect width="300" height="400" fill="url(#g)"/>${shapes.join('')}
<text x="24" y="250" font-family="system-ui, sans-serif" font-size="28" font-weight="800" fill="#fff">${lines}</text>
<text x="24" y="376" font-family="system-ui, sans-serif" font-size="14" fill="#d1fae5" opacity="0.9">${escapeXml(platformGroupOf(platform).toUpperCase())}</text>
</svg>`;
}

/** The fallback cover shown when a game has none. */
export const placeholderSvg = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 300 400" width="300" height="400" role="img" aria-label="No cover">
<rect width="300" height="400" fill="#1f2937"/><rect x="110" y="150" width="80" height="80" rx="12" fill="none" stroke="#4b5563" stroke-width="6"/>
<circle cx="135" cy="175" r="8" fill="#4b5563"/><path d="M116 222l26-26 18 18 12-12 16 20" fill="none" stroke="#4b5563" stroke-width="6"/>
</svg>`;
