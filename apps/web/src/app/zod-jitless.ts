/**
 * The page's Content Security Policy allows no eval (script-src 'self'). zod compiles
 * object parsers with `new Function` when it may, and probes whether it may with a
 * `new Function("")` whose refusal the browser reports as a CSP violation even though zod
 * catches it. Its `jitless` setting skips both. zod keeps that setting on a global object
 * it shares across copies (`globalThis.__zod_globalConfig`), which is set here, before any
 * schema module runs: main.tsx imports this module first, and the web app does not import
 * zod itself (the schemas come with the contract, in a later chunk).
 */
const holder = globalThis as { __zod_globalConfig?: { jitless?: boolean } };
holder.__zod_globalConfig = { ...holder.__zod_globalConfig, jitless: true };

export {};
