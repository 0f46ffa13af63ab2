import { LogoutOutlined } from '@ant-design/icons';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Button, Layout, Menu, Space, Spin, Tag, Typography } from 'antd';
import { OPERATOR_ROLE_LABELS } from '@app/contract/admin/admin-roles.ts';
import { ADMIN_PAGES, ADMIN_ROUTES, roleMayCall } from '@app/contract/admin/admin-routes.ts';
import { Navigate, Outlet, useLocation, useNavigate } from 'react-router';
import { adminRequest } from '../shared/api/admin-request.ts';
import { useSession } from '../shared/api/session.ts';

/** The signed-in frame: the menu shows only the pages the operator's role may open. */
export function AdminShell() {
  const session = useSession();
  const location = useLocation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const logout = useMutation({
    mutationFn: () => adminRequest(ADMIN_ROUTES.logout),
    onSuccess: () => {
      queryClient.clear();
      void navigate('/login');
    },
  });

  if (session.isPending) return <Spin fullscreen />;
  if (!session.data) return <Navigate to="/login" replace />;
  const { operator } = session.data;
  const pages = ADMIN_PAGES.filter((page) => roleMayCall(operator.role, page.route));
  const selected = (
    pages.find((page) => location.pathname.startsWith(page.path)) ??
    (location.pathname.startsWith('/orders/') ? pages.find((page) => page.key === 'customers') : undefined)
  )?.key;

  return (
    <Layout style={{ minHeight: '100vh' }}>
      <Layout.Sider width={208} theme="light" style={{ borderRight: '1px solid #f0f0f0' }}>
        <div style={{ padding: '20px 24px', fontWeight: 600, fontSize: 16 }}>小安貸 管理後台</div>
        <Menu
          mode="inline"
          selectedKeys={selected ? [selected] : []}
          items={pages.map((page) => ({ key: page.key, label: page.label }))}
          onClick={({ key }) => void navigate(pages.find((page) => page.key === key)?.path ?? '/')}
          aria-label="主選單"
        />
      </Layout.Sider>
      <Layout>
        <Layout.Header
          style={{
            background: '#fff',
            borderBottom: '1px solid #f0f0f0',
            display: 'flex',
            justifyContent: 'flex-end',
            alignItems: 'center',
            paddingInline: 24,
          }}
        >
          <Space>
            <Typography.Text>{operator.username}</Typography.Text>
            <Tag color="blue">{OPERATOR_ROLE_LABELS[operator.role]}</Tag>
            <Button icon={<LogoutOutlined />} onClick={() => logout.mutate()} loading={logout.isPending}>
              登出
            </Button>
          </Space>
        </Layout.Header>
        <Layout.Content style={{ padding: 24 }}>
          <Outlet />
        </Layout.Content>
      </Layout>
    </Layout>
  );
}
