import { Result } from 'antd';
import { ADMIN_PAGES, roleMayCall } from '@app/contract/admin/admin-routes.ts';
import { Navigate } from 'react-router';
import { useSession } from '../shared/api/session.ts';

/** The first page the role may open; a role with none is told so. */
export function FirstPage() {
  const session = useSession();
  const role = session.data?.operator.role;
  const first = role ? ADMIN_PAGES.find((page) => roleMayCall(role, page.route)) : undefined;
  if (first) return <Navigate to={first.path} replace />;
  return <Result status="info" title="目前沒有您的角色可使用的功能" />;
}
