import { Button, Card, Col, Descriptions, Row, Space, Table, Tag, Timeline, Typography } from 'antd';
import type { TAdminOrderDetailResponse } from '@app/contract/admin/admin-customer-schemas.ts';
import { ADMIN_ROUTES, adminUrl } from '@app/contract/admin/admin-routes.ts';
import { Link, useParams } from 'react-router';
import { formatDateTime, formatMoney } from '../../../shared/format.ts';
import { useOrder } from '../api/customers.ts';
import { AuditLinesCard } from '../components/audit-lines-card.tsx';
import { CAUSE_LABELS, CHANNEL_LABELS, INSTALMENT_STATE_LABELS, JOURNAL_KIND_LABELS, KIND_LABELS, PAYMENT_STATE_LABELS } from '../labels.ts';

type Detail = TAdminOrderDetailResponse;
type Order = Detail['order'];

/** One order: terms, schedule, payments, journal, extensions, the state timeline, the signed contract and what operators did. */
export default function OrderPage() {
  const { orderId = '' } = useParams();
  const detail = useOrder(orderId);
  const data = detail.data;
  if (!data) return <Card loading={detail.isPending} title="訂單" />;
  const { order } = data;
  const contractUrl = (format: 'html' | 'pdf') => `${adminUrl(ADMIN_ROUTES.orderContract, { orderId })}?format=${format}`;
  return (
    <Space direction="vertical" size={16} style={{ width: '100%' }}>
      <Card
        title={
          <Space>
            {`訂單 ${order.orderNo}`}
            <Tag color="blue">{order.state}</Tag>
          </Space>
        }
        extra={
          <Space>
            <Button href={contractUrl('html')} target="_blank" disabled={!order.contractSigned}>
              契約（HTML）
            </Button>
            <Button href={contractUrl('pdf')} target="_blank" disabled={!order.contractSigned}>
              契約（PDF）
            </Button>
            <Link to={`/customers/${data.userId}`}>查看借款人</Link>
          </Space>
        }
      >
        <Descriptions bordered size="small" column={3}>
          <Descriptions.Item label="借款人">{data.borrowerName ?? '—'}</Descriptions.Item>
          <Descriptions.Item label="商品">{order.productName}</Descriptions.Item>
          <Descriptions.Item label="本金">{formatMoney(order.principal)}</Descriptions.Item>
          <Descriptions.Item label="期間">{`${order.term} ${order.termUnit === 'day' ? '天' : '個月'}`}</Descriptions.Item>
          <Descriptions.Item label="年利率 / 總費用年百分率">{`${order.annualRatePercent}% / ${order.aprPercent}%`}</Descriptions.Item>
          <Descriptions.Item label="應還總額">{formatMoney(order.totalRepayment)}</Descriptions.Item>
          <Descriptions.Item label="收款帳戶">{order.bankAccount}</Descriptions.Item>
          <Descriptions.Item label="撥款日">{order.disbursedOn ?? '—'}</Descriptions.Item>
          <Descriptions.Item label="已展期次數">{order.extensionsUsed}</Descriptions.Item>
          <Descriptions.Item label="溢繳保留 / 已退還">{`${formatMoney(order.creditKept)} / ${formatMoney(order.creditRefunded)}`}</Descriptions.Item>
        </Descriptions>
      </Card>
      <Row gutter={16}>
        <Col span={16}>
          <Card title="還款計畫" size="small">
            <Table<Order['instalments'][number]>
              rowKey="number"
              size="small"
              pagination={false}
              dataSource={order.instalments}
              columns={[
                { title: '期數', dataIndex: 'number', width: 60 },
                { title: '到期日', dataIndex: 'dueDate' },
                { title: '本金', dataIndex: 'principal', align: 'right', render: formatMoney },
                { title: '利息', dataIndex: 'interest', align: 'right', render: formatMoney },
                { title: '費用', dataIndex: 'fee', align: 'right', render: formatMoney },
                { title: '逾期利息', dataIndex: 'overdueInterest', align: 'right', render: formatMoney },
                { title: '應繳', dataIndex: 'total', align: 'right', render: formatMoney },
                { title: '已繳', dataIndex: 'paid', align: 'right', render: formatMoney },
                { title: '狀態', dataIndex: 'state', render: (state: string) => INSTALMENT_STATE_LABELS[state] ?? state },
              ]}
            />
          </Card>
        </Col>
        <Col span={8}>
          <Card title="狀態歷程" size="small">
            <Timeline
              items={data.stateChanges.map((change) => ({
                children: (
                  <>
                    <Typography.Text strong>{change.to}</Typography.Text>
                    <Typography.Text type="secondary">{` ${CAUSE_LABELS[change.cause] ?? change.cause}`}</Typography.Text>
                    <div>{formatDateTime(change.at)}</div>
                  </>
                ),
              }))}
            />
          </Card>
        </Col>
      </Row>
      <Card title="繳款" size="small">
        <Table<Order['payments'][number]>
          rowKey={(row) => `${row.createdAt}-${row.amount}-${row.channel}`}
          size="small"
          pagination={false}
          dataSource={order.payments}
          columns={[
            { title: '種類', dataIndex: 'kind', render: (kind: string) => KIND_LABELS[kind] ?? kind },
            { title: '管道', dataIndex: 'channel', render: (channel: string) => CHANNEL_LABELS[channel] ?? channel },
            { title: '金額', dataIndex: 'amount', align: 'right', render: formatMoney },
            { title: '狀態', dataIndex: 'state', render: (state: string) => PAYMENT_STATE_LABELS[state] ?? state },
            { title: '建立時間', dataIndex: 'createdAt', render: formatDateTime },
          ]}
        />
      </Card>
      <Row gutter={16}>
        <Col span={16}>
          <Card title="帳務分錄" size="small">
            <Table<Detail['journal'][number]>
              rowKey="id"
              size="small"
              pagination={{ pageSize: 10, hideOnSinglePage: true }}
              dataSource={data.journal}
              columns={[
                { title: '過帳時間', dataIndex: 'at', render: formatDateTime },
                { title: '事件', dataIndex: 'kind', render: (kind: string) => JOURNAL_KIND_LABELS[kind] ?? kind },
                { title: '金額', dataIndex: 'amount', align: 'right', render: formatMoney },
                { title: '起息日', dataIndex: 'valueDate' },
                { title: '來源', dataIndex: 'source' },
              ]}
            />
          </Card>
        </Col>
        <Col span={8}>
          <Card title="展期" size="small">
            <Table<Detail['extensions'][number]>
              rowKey="on"
              size="small"
              pagination={false}
              dataSource={data.extensions}
              columns={[
                { title: '展期日', dataIndex: 'on' },
                { title: '原到期日', dataIndex: 'fromDueDate' },
                { title: '新到期日', dataIndex: 'newDueDate' },
                { title: '費用', dataIndex: 'fee', align: 'right', render: formatMoney },
              ]}
            />
          </Card>
        </Col>
      </Row>
      <AuditLinesCard title="操作紀錄" lines={data.audit} />
    </Space>
  );
}
