// Zod compiles fast object parsers with `new Function`, and probes for it when its first object schema is
// created. The store's Content-Security-Policy forbids eval, and the browser reports even a caught probe
// as a violation, so the web app parses without it. A classic script in index.html runs before the
// app's module scripts, so this setting exists before zod is evaluated.
globalThis.__zod_globalConfig = Object.assign({}, globalThis.__zod_globalConfig, { jitless: true });
