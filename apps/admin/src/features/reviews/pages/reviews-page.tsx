import { Button, Card, Table, Tag, Typography } from 'antd';
import type { TReviewListResponse } from '@app/contract/admin/admin-schemas.ts';
import { useState } from 'react';
import { formatDateTime, formatMoney } from '../../../shared/format.ts';
import { termText } from '@app/contract/messages/order-pages.ts';
import { useReviews } from '../api/reviews.ts';
import { ruleLabel } from '../rule-labels.ts';
import { ReviewDetailDrawer } from './review-detail-drawer.tsx';

type Row = TReviewListResponse['items'][number];

/** Applications the decision engine sent to staff, oldest first. */
export default function ReviewsPage() {
  const reviews = useReviews();
  const [open, setOpen] = useState<number | null>(null);
  return (
    <Card
      title="審核佇列"
      extra={<Typography.Text type="secondary">超過 {formatMoney(reviews.data?.secondApprovalAbove)} 的核准需兩位審核人員</Typography.Text>}
    >
      <Table<Row>
        rowKey="orderId"
        loading={reviews.isPending}
        dataSource={reviews.data?.items ?? []}
        locale={{ emptyText: '目前沒有待審核的申請' }}
        onRow={(row) => ({ onClick: () => setOpen(row.orderId), style: { cursor: 'pointer' } })}
        columns={[
          { title: '訂單編號', dataIndex: 'orderNo' },
          { title: '申請人', dataIndex: 'borrowerName' },
          { title: '產品', dataIndex: 'productName' },
          { title: '金額', dataIndex: 'principal', align: 'right', render: formatMoney },
          { title: '期間', dataIndex: 'term', align: 'right', render: (term: number, row) => termText(term, row.termUnit) },
          {
            title: '待審原因',
            dataIndex: 'rules',
            render: (rules: string[]) => rules.map((rule) => <Tag key={rule}>{ruleLabel(rule)}</Tag>),
          },
          { title: '送審時間', dataIndex: 'since', render: formatDateTime },
          {
            title: '覆核',
            dataIndex: 'firstApprovalBy',
            render: (by: string | null, row) =>
              by ? <Tag color="orange">待覆核（{by}）</Tag> : row.needsSecondApproval ? <Tag>需兩人核准</Tag> : null,
          },
          { title: '', key: 'open', render: (_value, row) => <Button onClick={() => setOpen(row.orderId)}>審核</Button> },
        ]}
      />
      <ReviewDetailDrawer orderId={open} onClose={() => setOpen(null)} />
    </Card>
  );
}
