import type { ReactNode } from 'react';
import { Card, Table } from 'antd';
import type { TCustomerDetailResponse } from '@app/contract/admin/admin-customer-schemas.ts';
import { formatDateTime } from '../../../shared/format.ts';
import { actionLabel } from '../labels.ts';

type AuditLine = TCustomerDetailResponse['audit'][number];

/** What operators did, newest first, on a person's or an order's page; `showTarget` adds whom or what each touched. */
export function AuditLinesCard({
  title,
  lines,
  showTarget = false,
  footer,
}: {
  title: string;
  lines: AuditLine[];
  showTarget?: boolean;
  footer?: ReactNode;
}) {
  return (
    <Card title={title} size="small">
      <Table<AuditLine>
        rowKey={(row) => `${row.at}-${row.operator}-${row.action}-${row.target}`}
        size="small"
        pagination={{ pageSize: 10, hideOnSinglePage: true }}
        dataSource={lines}
        columns={[
          { title: '時間', dataIndex: 'at', width: 170, render: formatDateTime },
          { title: '操作人員', dataIndex: 'operator' },
          { title: '操作項目', dataIndex: 'action', render: actionLabel },
          ...(showTarget ? [{ title: '對象', dataIndex: 'target' }] : []),
        ]}
      />
      {footer}
    </Card>
  );
}
