import { Result } from 'antd';
import { ADMIN_FORBIDDEN } from '@app/contract/admin/admin-messages.ts';
import { roleMayCall, type TAdminRoute } from '@app/contract/admin/admin-routes.ts';
import { Outlet } from 'react-router';
import { useSession } from '../shared/api/session.ts';

/** A page opened by address without the role for it: said plainly (the API refuses it anyway). */
export function RoleGate({ route }: { route: TAdminRoute }) {
  const role = useSession().data?.operator.role;
  if (!role || !roleMayCall(role, route)) return <Result status="403" title="403" subTitle={ADMIN_FORBIDDEN} />;
  return <Outlet />;
}
