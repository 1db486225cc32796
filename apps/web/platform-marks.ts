import {
  siApple,
  siBattledotnet,
  siEa,
  siEpicgames,
  siGogdotcom,
  siPlaystation,
  siRockstargames,
  siSteam,
  siUbisoft,
} from 'simple-icons';

/**
 * The platforms' brand marks (simple-icons, CC0) as one SVG sprite, `src/components/ui/platform-marks.svg`,
 * which PlatformIcon points into with `<use>`: an image file the browser caches, not 11 KB of path data in
 * the first page's JavaScript. `npm run marks -w @keyland/web` writes the file again after simple-icons
 * changes; a test fails while the file and simple-icons differ.
 */
export const platformMarks = {
  Steam: siSteam,
  Epic: siEpicgames,
  GOG: siGogdotcom,
  Ubisoft: siUbisoft,
  EA: siEa,
  BattleNet: siBattledotnet,
  Rockstar: siRockstargames,
  PlayStation: siPlaystation,
  Apple: siApple,
} as const;

export function platformMarksSvg(): string {
  const symbols = Object.entries(platformMarks).map(
    ([group, icon]) => `  <symbol id="${group}" viewBox="0 0 24 24"><path d="${icon.path}"/></symbol>`,
  );
  return `<svg xmlns="http://www.w3.org/2000/svg" aria-hidden="true">\n${symbols.join('\n')}\n</svg>\n`;
}

if (process.argv[1] === import.meta.filename) {
  const { writeFileSync } = await import('node:fs');
  const target = new URL('./src/components/ui/platform-marks.svg', import.meta.url);
  writeFileSync(target, platformMarksSvg());
  process.stdout.write(`wrote ${target.pathname}\n`);
}
