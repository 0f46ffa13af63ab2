import type { TLender } from '@app/contract/schemas/config.ts';

/**
 * The legal documents name the lender through placeholders (`{{lender.name}}`,
 * `{{lender.address}}`, `{{lender.registrationNo}}`, `{{lender.servicePhone}}`,
 * `{{lender.serviceHours}}`) filled from the one lender configuration when a document is
 * read, so the terms, the privacy policy and the contract template can never name
 * another company than the signed contract does.
 */
const PLACEHOLDER = /\{\{lender\.(name|address|registrationNo|servicePhone|serviceHours)\}\}/g;

export function fillLenderDetails(markdown: string, lender: TLender): string {
  return markdown.replace(PLACEHOLDER, (_whole, field: keyof TLender) => lender[field]);
}
