// The store's content security policy forbids eval. When zod makes its first object schema it
// probes for eval with `new Function`; the probe fails quietly, but the browser reports each
// refusal as a policy violation (Lighthouse counts it against best practices). zod's `jitless`
// setting skips the probe. It is set here on the global object zod reads its settings from,
// rather than through `z.config`, which would bring 10 KB of zod into every page's first load;
// a test holds zod to reading it. Imported first by main.tsx, before any schema is made.
const settings = globalThis as { __zod_globalConfig?: Record<string, unknown> };
settings.__zod_globalConfig ??= {};
settings.__zod_globalConfig.jitless = true;

// Exports nothing; a module all the same, so its test can import it.
export {};
