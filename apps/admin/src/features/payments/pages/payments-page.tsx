import { Alert, App, Button, Card, Form, Image, Input, Modal, Popconfirm, Select, Space, Table, Tabs, Typography } from 'antd';
import { TRANSFER_REJECT_REASONS } from '@app/contract/admin/admin-messages.ts';
import { ADMIN_ROUTES } from '@app/contract/admin/admin-routes.ts';
import type { TPaymentListResponse } from '@app/contract/admin/admin-schemas.ts';
import { useState } from 'react';
import { adminImageUrl } from '../../../shared/api/admin-request.ts';
import { formatDate, formatDateTime, formatMoney } from '../../../shared/format.ts';
import { useCheckBooks, useCredits, useHeld, useRefundCredit, useResolveHeld, useReviewTransfer, useTransfers } from '../api/payments.ts';

type Item = TPaymentListResponse['items'][number];

function RejectTransferModal({ item, onClose }: { item: Item | null; onClose: () => void }) {
  const review = useReviewTransfer();
  const { message } = App.useApp();
  const [form] = Form.useForm<{ reasonCode: keyof typeof TRANSFER_REJECT_REASONS; note?: string }>();
  return (
    <Modal
      open={item !== null}
      title={`退回轉帳 #${item?.id ?? ''}`}
      okText="退回"
      okButtonProps={{ danger: true, loading: review.isPending }}
      onCancel={onClose}
      onOk={() => form.submit()}
      destroyOnHidden
    >
      <Form
        form={form}
        layout="vertical"
        onFinish={(values) =>
          item &&
          review.mutate(
            { id: item.id, review: { verdict: 'reject', reasonCode: values.reasonCode, note: values.note ?? '' } },
            {
              onSuccess: () => {
                void message.success('已退回，借款人將看到退回原因');
                onClose();
              },
            },
          )
        }
      >
        <Form.Item name="reasonCode" label="退回原因（借款人可見）" rules={[{ required: true, message: '請選擇退回原因' }]}>
          <Select aria-label="退回原因" options={Object.entries(TRANSFER_REJECT_REASONS).map(([value, label]) => ({ value, label }))} />
        </Form.Item>
        <Form.Item name="note" label="補充說明">
          <Input.TextArea rows={2} maxLength={500} />
        </Form.Item>
      </Form>
    </Modal>
  );
}

function TransfersTab() {
  const transfers = useTransfers();
  const review = useReviewTransfer();
  const { message } = App.useApp();
  const [rejecting, setRejecting] = useState<Item | null>(null);
  return (
    <>
      <Table<Item>
        rowKey="id"
        loading={transfers.isPending}
        dataSource={transfers.data?.items ?? []}
        locale={{ emptyText: '目前沒有待確認的轉帳' }}
        columns={[
          { title: '編號', dataIndex: 'id' },
          { title: '訂單', dataIndex: 'orderId' },
          { title: '申報金額', dataIndex: 'amount', align: 'right', render: formatMoney },
          { title: '轉帳日期', dataIndex: 'paidOn', render: formatDate },
          { title: '轉出帳號末五碼', dataIndex: 'fromAccountLast5' },
          {
            title: '轉帳憑證',
            dataIndex: 'hasReceipt',
            render: (has: boolean, row) =>
              has ? (
                <Image
                  width={64}
                  height={64}
                  style={{ objectFit: 'cover' }}
                  src={adminImageUrl(ADMIN_ROUTES.transferReceipt, { id: row.id })}
                  alt={`轉帳憑證 ${row.id}`}
                />
              ) : (
                '—'
              ),
          },
          { title: '申報時間', dataIndex: 'createdAt', render: formatDateTime },
          {
            title: '處理',
            key: 'actions',
            render: (_value, row) => (
              <Space>
                <Popconfirm
                  title="確認此筆款項已入帳？"
                  description={`將入帳 ${formatMoney(row.amount)}，依序沖銷最早到期的應繳款`}
                  okText="確認入帳"
                  cancelText="取消"
                  onConfirm={() =>
                    review.mutate(
                      { id: row.id, review: { verdict: 'confirm', note: '' } },
                      { onSuccess: (result) => void message.success(`已入帳，訂單狀態：${result.orderState ?? '—'}`) },
                    )
                  }
                >
                  <Button type="primary">確認入帳</Button>
                </Popconfirm>
                <Button danger onClick={() => setRejecting(row)}>
                  退回
                </Button>
              </Space>
            ),
          },
        ]}
      />
      <RejectTransferModal item={rejecting} onClose={() => setRejecting(null)} />
    </>
  );
}

function HeldTab() {
  const held = useHeld();
  const resolve = useResolveHeld();
  const { message } = App.useApp();
  const act = (id: number, verdict: 'credit' | 'refund') =>
    resolve.mutate(
      { id, verdict, note: '' },
      { onSuccess: () => void message.success(verdict === 'credit' ? '已依實收金額入帳' : '已記錄退還，未入帳') },
    );
  return (
    <Table<Item>
      rowKey="id"
      loading={held.isPending}
      dataSource={held.data?.items ?? []}
      locale={{ emptyText: '目前沒有暫停入帳的款項' }}
      columns={[
        { title: '編號', dataIndex: 'id' },
        { title: '訂單', dataIndex: 'orderId' },
        { title: '通路', dataIndex: 'channel' },
        { title: '應繳金額', dataIndex: 'amount', align: 'right', render: formatMoney },
        { title: '實收金額', dataIndex: 'heldAmount', align: 'right', render: formatMoney },
        { title: '建立時間', dataIndex: 'createdAt', render: formatDateTime },
        {
          title: '處理',
          key: 'actions',
          render: (_value, row) => (
            <Space>
              <Popconfirm title="依實收金額入帳？" okText="入帳" cancelText="取消" onConfirm={() => act(row.id, 'credit')}>
                <Button type="primary">入帳</Button>
              </Popconfirm>
              <Popconfirm title="不入帳，款項已退還付款人？" okText="已退還" cancelText="取消" onConfirm={() => act(row.id, 'refund')}>
                <Button>退還</Button>
              </Popconfirm>
            </Space>
          ),
        },
      ]}
    />
  );
}

function CreditsTab() {
  const credits = useCredits();
  const refund = useRefundCredit();
  const { message } = App.useApp();
  return (
    <Table
      rowKey="orderId"
      loading={credits.isPending}
      dataSource={credits.data?.items ?? []}
      locale={{ emptyText: '目前沒有待退還的溢繳款' }}
      columns={[
        { title: '訂單', dataIndex: 'orderId' },
        { title: '溢繳合計', dataIndex: 'kept', align: 'right', render: formatMoney },
        { title: '已退還', dataIndex: 'refunded', align: 'right', render: formatMoney },
        { title: '待退還', dataIndex: 'left', align: 'right', render: formatMoney },
        {
          title: '處理',
          key: 'actions',
          render: (_value, row: { orderId: number; left: number }) => (
            <Popconfirm
              title={`已將 ${formatMoney(row.left)} 匯回借款人帳戶？`}
              okText="記錄已退還"
              cancelText="取消"
              onConfirm={() => refund.mutate({ orderId: row.orderId, note: '' }, { onSuccess: () => void message.success('已記錄退還') })}
            >
              <Button>記錄已退還</Button>
            </Popconfirm>
          ),
        },
      ]}
    />
  );
}

function BooksTab() {
  const books = useCheckBooks();
  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      <Typography.Paragraph>
        核對借款帳簿：每筆分錄借貸平衡、每筆訂單帳戶與重算結果一致、入帳金額與金流通知及已確認轉帳一致。
      </Typography.Paragraph>
      <Button type="primary" onClick={() => books.mutate()} loading={books.isPending}>
        立即核對
      </Button>
      {books.data ? (
        books.data.balanced ? (
          <Alert type="success" showIcon message="帳簿平衡，沒有差異" />
        ) : (
          <Alert
            type="error"
            showIcon
            message={`發現 ${books.data.differences.length} 筆差異`}
            description={<pre style={{ whiteSpace: 'pre-wrap' }}>{JSON.stringify(books.data.differences, null, 2)}</pre>}
          />
        )
      ) : null}
    </Space>
  );
}

/** Money waiting for an operator: manual transfers, held notifications, credit kept; and the books check. */
export default function PaymentsPage() {
  return (
    <Card title="款項處理">
      <Tabs
        items={[
          { key: 'transfers', label: '待確認轉帳', children: <TransfersTab /> },
          { key: 'held', label: '暫停入帳', children: <HeldTab /> },
          { key: 'credits', label: '溢繳款退還', children: <CreditsTab /> },
          { key: 'books', label: '帳務核對', children: <BooksTab /> },
        ]}
      />
    </Card>
  );
}
