import { useNavigate } from 'react-router';
import Button from 'antd-mobile/es/components/button';
import { SIGN_BACK_HOME, SIGN_NO_ORDER } from '@app/contract/messages/loan-pages.ts';
import { ROUTES } from '../../../shared/config/route-paths.ts';
import { EmptyState } from '../../../shared/ui/empty-state.tsx';

/** The signing pages opened without an order in their address: say so and lead home. */
export function NoOrder() {
  const navigate = useNavigate();
  return (
    <main className="page-body">
      <EmptyState title={SIGN_NO_ORDER}>
        <Button color="primary" shape="rounded" onClick={() => navigate(ROUTES.loans)}>
          {SIGN_BACK_HOME}
        </Button>
      </EmptyState>
    </main>
  );
}
