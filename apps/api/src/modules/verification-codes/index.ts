/**
 * What other modules may use of `verification-codes` (modules/README.md): they import this file,
 * never the module's other files. Small reads live here; the rest is re-exported.
 */
export { consumeVerifyCode } from './consume-verify-code.ts';
