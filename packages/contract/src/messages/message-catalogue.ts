import * as accounts from './accounts.ts';
import * as appShell from './app-shell.ts';
import * as bankAccounts from './bank-accounts.ts';
import * as contracts from './contracts.ts';
import * as decisions from './decisions.ts';
import * as faceCheck from './face-check.ts';
import * as facePages from './face-pages.ts';
import * as helpCenter from './help-center.ts';
import * as identityDocument from './identity-document.ts';
import * as loanHome from './loan-home.ts';
import * as loanPages from './loan-pages.ts';
import * as loans from './loans.ts';
import * as onboarding from './onboarding.ts';
import * as onboardingPages from './onboarding-pages.ts';
import * as orderPages from './order-pages.ts';
import * as orders from './orders.ts';
import * as payoutAccount from './payout-account.ts';
import * as repayments from './repayments.ts';
import * as requestErrors from './request-errors.ts';
import * as webVitals from './web-vitals.ts';

/**
 * Every message file, for the checks that span them all (SPEC.md's wording, no Simplified
 * character, no name defined twice) and for the server's set of texts a schema may carry.
 * The web app imports the area files directly, so a page bundles only its own texts.
 * A new message file is added here.
 */
export const MESSAGE_FILES = {
  accounts,
  appShell,
  bankAccounts,
  contracts,
  decisions,
  faceCheck,
  facePages,
  helpCenter,
  identityDocument,
  loanHome,
  loanPages,
  loans,
  onboarding,
  onboardingPages,
  orderPages,
  orders,
  payoutAccount,
  repayments,
  requestErrors,
  webVitals,
} as const;

/** Every constant of every message file, by name. */
export function allMessages(): Record<string, unknown> {
  const merged: Record<string, unknown> = {};
  for (const file of Object.values(MESSAGE_FILES)) Object.assign(merged, file);
  return merged;
}

/** Every plain-string message. */
export function allMessageTexts(): string[] {
  return Object.values(allMessages()).filter((value): value is string => typeof value === 'string');
}
