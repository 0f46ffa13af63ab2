/**
 * What other modules may use of `contracts` (modules/README.md): they import this file,
 * never the module's other files. Small reads live here; the rest is re-exported.
 */
export { renderContractPdf } from './render-contract-pdf.ts';
export { viewContract } from './view-contract.ts';
