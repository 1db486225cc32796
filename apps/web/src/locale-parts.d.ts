/** The parts of a language file made by locale-parts.ts (see src/lib/i18n.ts). */
declare module '*.json?part=first' {
  const texts: Record<string, unknown>;
  export default texts;
}

declare module '*.json?part=shop' {
  const texts: Record<string, unknown>;
  export default texts;
}

declare module '*.json?part=office' {
  const texts: Record<string, unknown>;
  export default texts;
}
