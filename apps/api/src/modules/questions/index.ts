/**
 * What other modules may use of `questions` (modules/README.md): they import this file,
 * never the module's other files. Small reads live here; the rest is re-exported.
 */
export { listFaqForConsole, removeFaqItem, saveFaqItem } from './manage-faq.ts';
