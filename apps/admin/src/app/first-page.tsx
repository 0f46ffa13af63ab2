import { Result } from 'antd';
import { ADMIN_PAGES, roleMayCall } from '@app/contract/admin/admin-routes.ts';
import { Navigate } from 'react-router';
import { useSession } from '../shared/api/session.ts';

/** The first page the role may open; a role with none yet (support, until customer service comes) is told so. */
export function FirstPage() {
  const session = useSession();
  const role = session.data?.operator.role;
  const first = role ? ADMIN_PAGES.find((page) => roleMayCall(role, page.route)) : undefined;
  if (first) return <Navigate to={first.path} replace />;
  return <Result status="info" title="目前沒有您的角色可使用的功能" subTitle="客服功能（用戶與訂單查詢）將於後續版本提供。" />;
}
