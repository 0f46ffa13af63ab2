import { Navigate } from 'react-router';
import { ROUTES } from '../../../shared/config/route-paths.ts';

/** PRODUCT.md: a neutral landing page that forwards to the loans tab. */
export default function IndexPage() {
  return <Navigate to={ROUTES.loans} replace />;
}
