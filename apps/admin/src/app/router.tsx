import { ADMIN_PAGES, ADMIN_ROUTES } from '@app/contract/admin/admin-routes.ts';
import { createHashRouter, Navigate, RouterProvider } from 'react-router';
import { AdminShell } from './admin-shell.tsx';
import { FirstPage } from './first-page.tsx';
import { RoleGate } from './role-gate.tsx';

const page = (key: (typeof ADMIN_PAGES)[number]['key']) => {
  const definition = ADMIN_PAGES.find((entry) => entry.key === key);
  if (!definition) throw new Error(`no page ${key}`);
  return definition;
};

/** Hash routes: one index.html under /admin, and an enrolment token never reaches a server log. Each page is its own chunk. */
const router = createHashRouter([
  { path: '/login', lazy: async () => ({ Component: (await import('../features/auth/pages/login-page.tsx')).default }) },
  { path: '/enrol/:token', lazy: async () => ({ Component: (await import('../features/auth/pages/enrol-page.tsx')).default }) },
  {
    path: '/',
    element: <AdminShell />,
    children: [
      { index: true, element: <FirstPage /> },
      {
        path: 'dashboard',
        element: <RoleGate route={page('dashboard').route} />,
        children: [
          { index: true, lazy: async () => ({ Component: (await import('../features/dashboard/pages/dashboard-page.tsx')).default }) },
        ],
      },
      {
        path: 'customers',
        element: <RoleGate route={page('customers').route} />,
        children: [
          { index: true, lazy: async () => ({ Component: (await import('../features/customers/pages/customers-page.tsx')).default }) },
          { path: ':userId', lazy: async () => ({ Component: (await import('../features/customers/pages/customer-page.tsx')).default }) },
        ],
      },
      {
        path: 'orders/:orderId',
        element: <RoleGate route={ADMIN_ROUTES.orderDetail} />,
        children: [
          { index: true, lazy: async () => ({ Component: (await import('../features/customers/pages/order-page.tsx')).default }) },
        ],
      },
      {
        path: 'reconciliation',
        element: <RoleGate route={page('reconciliation').route} />,
        children: [
          {
            index: true,
            lazy: async () => ({ Component: (await import('../features/reconciliation/pages/reconciliation-page.tsx')).default }),
          },
        ],
      },
      {
        path: 'reviews',
        element: <RoleGate route={page('reviews').route} />,
        children: [
          { index: true, lazy: async () => ({ Component: (await import('../features/reviews/pages/reviews-page.tsx')).default }) },
        ],
      },
      {
        path: 'payments',
        element: <RoleGate route={page('payments').route} />,
        children: [
          { index: true, lazy: async () => ({ Component: (await import('../features/payments/pages/payments-page.tsx')).default }) },
        ],
      },
      {
        path: 'payouts',
        element: <RoleGate route={page('payouts').route} />,
        children: [
          { index: true, lazy: async () => ({ Component: (await import('../features/payouts/pages/payouts-page.tsx')).default }) },
        ],
      },
      {
        path: 'audit',
        element: <RoleGate route={page('audit').route} />,
        children: [{ index: true, lazy: async () => ({ Component: (await import('../features/audit/pages/audit-page.tsx')).default }) }],
      },
      {
        path: 'products',
        element: <RoleGate route={page('products').route} />,
        children: [
          { index: true, lazy: async () => ({ Component: (await import('../features/products/pages/products-page.tsx')).default }) },
        ],
      },
      {
        path: 'content',
        element: <RoleGate route={page('content').route} />,
        children: [
          { index: true, lazy: async () => ({ Component: (await import('../features/content/pages/content-page.tsx')).default }) },
        ],
      },
      {
        path: 'documents',
        element: <RoleGate route={page('documents').route} />,
        children: [
          { index: true, lazy: async () => ({ Component: (await import('../features/documents/pages/documents-page.tsx')).default }) },
        ],
      },
      {
        path: 'settings',
        element: <RoleGate route={page('settings').route} />,
        children: [
          { index: true, lazy: async () => ({ Component: (await import('../features/settings/pages/settings-page.tsx')).default }) },
        ],
      },
      {
        path: 'policies',
        element: <RoleGate route={page('policies').route} />,
        children: [
          { index: true, lazy: async () => ({ Component: (await import('../features/settings/pages/policies-page.tsx')).default }) },
        ],
      },
      {
        path: 'operators',
        element: <RoleGate route={page('operators').route} />,
        children: [
          { index: true, lazy: async () => ({ Component: (await import('../features/operators/pages/operators-page.tsx')).default }) },
        ],
      },
      { path: '*', element: <Navigate to="/" replace /> },
    ],
  },
]);

export function AppRouter() {
  return <RouterProvider router={router} />;
}
