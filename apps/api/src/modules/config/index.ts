/**
 * What other modules may use of `config` (modules/README.md): they import this file,
 * never the module's other files. Small reads live here; the rest is re-exported.
 */
export { getApiOrigins, saveApiOrigins } from './api-origins.ts';
export { listBanners, listNotices } from './list-home-content.ts';
export { listHomeContent, saveHomeContent } from './manage-home-content.ts';
export { getServiceLine, saveServiceLine } from './service-line.ts';
export type { ServiceLine } from './service-line.ts';
