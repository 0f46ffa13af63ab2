import { Card, Layout, Typography } from 'antd';
import type { ReactNode } from 'react';

/** The signed-out pages' frame: one card in the middle of the screen. */
export function AuthFrame({ title, children, width = 420 }: { title: string; children: ReactNode; width?: number }) {
  return (
    <Layout style={{ minHeight: '100vh', alignItems: 'center', justifyContent: 'center', background: '#f5f7fa' }}>
      <Typography.Title level={3} style={{ marginBottom: 24 }}>
        小安貸 管理後台
      </Typography.Title>
      <Card title={title} style={{ width }}>
        {children}
      </Card>
    </Layout>
  );
}
