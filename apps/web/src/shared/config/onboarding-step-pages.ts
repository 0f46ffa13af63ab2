import { STEP_BANK_CARD, STEP_CONTACTS, STEP_FACE, STEP_ID_CARD, STEP_PERSONAL } from '@app/contract/messages/app-shell.ts';
import type { OnboardingStepKey } from '@app/contract/schemas/user.ts';
import { ROUTES, type RoutePath } from './route-paths.ts';

/** Each onboarding step's SPEC.md name and the page that completes it (me page, 資質). */
export const ONBOARDING_STEP_PAGES: Record<OnboardingStepKey, { title: string; path: RoutePath }> = {
  personal: { title: STEP_PERSONAL, path: ROUTES.userInfo },
  contacts: { title: STEP_CONTACTS, path: ROUTES.contact },
  idCard: { title: STEP_ID_CARD, path: ROUTES.idCard },
  bankCard: { title: STEP_BANK_CARD, path: ROUTES.bankInfo },
  face: { title: STEP_FACE, path: ROUTES.faceGuide },
};
