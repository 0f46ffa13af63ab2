import { useState } from 'react';
import { useNavigate } from 'react-router';
import { COOL_DOWN_TITLE, HOME_POPUP_CLOSE, coolDownNotice } from '@app/contract/messages/loan-home.ts';
import { showRequestError } from '../../../shared/api/request.ts';
import { ROUTES, loginPathFor, routeWithQuery } from '../../../shared/config/route-paths.ts';
import { rememberApplication } from '../../../shared/store/application-to-resume.ts';
import { hasSession } from '../../../shared/session/session.ts';
import { loanCheck } from '../api/loan-check.ts';
import { formatDate } from '../../../shared/utils/format.ts';

async function showCoolDown(until: string): Promise<void> {
  const { default: Dialog } = await import('antd-mobile/es/components/dialog');
  await Dialog.alert({
    'aria-label': COOL_DOWN_TITLE,
    title: COOL_DOWN_TITLE,
    content: coolDownNotice(formatDate(until)),
    confirmText: HOME_POPUP_CLOSE,
  });
}

/**
 * 立即申請: asks loan/check where to go and goes there (a visitor straight to login).
 * `productId`: the product the user tapped, preferred over the one in progress.
 */
export function useStartApplication(productIds: readonly string[]) {
  const navigate = useNavigate();
  const [checking, setChecking] = useState(false);

  async function start(productId?: string): Promise<void> {
    if (checking) return;
    // The application for the product tapped: after login, and after the onboarding steps.
    const application = productId ? routeWithQuery(ROUTES.applyFor, { productId }) : ROUTES.applyFor;
    if (!hasSession()) {
      void navigate(loginPathFor(application));
      return;
    }
    setChecking(true);
    try {
      // Needed only once tapped: kept out of the loans page's first load.
      const [check, { loanCheckTarget }, { readApplyInfo }] = await Promise.all([
        loanCheck(),
        import('../utils/loan-check-target.ts'),
        import('../../../shared/store/apply-info.ts'),
      ]);
      const target = loanCheckTarget(check, { productIds, preferredProductId: productId ?? readApplyInfo()?.productId });
      if (target.kind === 'go' && check.next !== 'apply' && check.next !== 'order' && check.next !== 'login')
        rememberApplication(application);
      if (target.kind === 'go') void navigate(target.to);
      else await showCoolDown(target.until);
    } catch (error) {
      showRequestError(error);
    } finally {
      setChecking(false);
    }
  }

  return { start, checking };
}
