/**
 * What other modules may use of `documents` (modules/README.md): they import this file,
 * never the module's other files. Small reads live here; the rest is re-exported.
 */
export { listDocumentsForConsole, listDocumentVersions, publishDocumentVersion, recordConsentAtRegistration } from './document-versions.ts';
