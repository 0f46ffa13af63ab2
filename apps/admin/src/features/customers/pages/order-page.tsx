import { Alert, Button, Card, Col, Descriptions, Row, Space, Table, Tag, Timeline, Typography } from 'antd';
import type { TAdminOrderDetailResponse } from '@app/contract/admin/admin-customer-schemas.ts';
import { ADMIN_ROUTES, adminUrl } from '@app/contract/admin/admin-routes.ts';
import { PAYOUT_RETRY_TEXTS } from '@app/contract/admin/admin-messages.ts';
import {
  PAYOUT_ADDENDUM_INTRO,
  PAYOUT_ADDENDUM_LABELS,
  PAYOUT_ADDENDUM_TITLE,
  payoutAccountAddendumText,
  payoutAddendumNotPaid,
  payoutAddendumPaidTo,
  payoutFailedEventText,
} from '@app/contract/messages/payout-account.ts';
import { Link, useParams } from 'react-router';
import { formatDate, formatDateTime, formatMoney } from '../../../shared/format.ts';
import { termText } from '@app/contract/messages/order-pages.ts';
import { useOrder } from '../api/customers.ts';
import { AuditLinesCard } from '../components/audit-lines-card.tsx';
import {
  CAUSE_LABELS,
  CHANNEL_LABELS,
  INSTALMENT_STATE_LABELS,
  JOURNAL_KIND_LABELS,
  KIND_LABELS,
  PAYMENT_STATE_LABELS,
} from '../labels.ts';

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
          <Descriptions.Item label="期間">{termText(order.term, order.termUnit)}</Descriptions.Item>
          <Descriptions.Item label="年利率 / 總費用年百分率">{`${order.annualRatePercent}% / ${order.aprPercent}%`}</Descriptions.Item>
          <Descriptions.Item label="應還總額">{formatMoney(order.totalRepayment)}</Descriptions.Item>
          <Descriptions.Item label="收款帳戶">{order.bankAccount}</Descriptions.Item>
          <Descriptions.Item label="撥款日">{formatDate(order.disbursedOn)}</Descriptions.Item>
          <Descriptions.Item label="已展期次數">{order.extensionsUsed}</Descriptions.Item>
          <Descriptions.Item label="溢繳保留 / 已退還">{`${formatMoney(order.creditKept)} / ${formatMoney(order.creditRefunded)}`}</Descriptions.Item>
        </Descriptions>
      </Card>
      {order.payoutFailure ? <PayoutFailureAlert failure={order.payoutFailure} /> : null}
      {data.accountChanges.length > 0 ? (
        // The contract's addendum (decision 0174), under the 契約 buttons: the same the HTML and PDF show after the signed text.
        <Card title={PAYOUT_ADDENDUM_TITLE} size="small" data-testid="order-account-changes">
          <Typography.Paragraph type="secondary">{PAYOUT_ADDENDUM_INTRO}</Typography.Paragraph>
          <Table<Detail['accountChanges'][number]>
            rowKey={(row) => `${row.at}-${row.to}`}
            size="small"
            pagination={false}
            dataSource={data.accountChanges}
            columns={[
              { title: '時間', dataIndex: 'at', width: 170, render: formatDateTime },
              { title: '變更者', dataIndex: 'cause', width: 90, render: (cause: string) => CAUSE_LABELS[cause] ?? cause },
              { title: '原收款帳戶', dataIndex: 'from', width: 180 },
              { title: '新收款帳戶', dataIndex: 'to', width: 180 },
              { title: '失敗的撥款', dataIndex: 'failedPayoutId', width: 100, render: (id: number) => `#${id}` },
              {
                title: PAYOUT_ADDENDUM_LABELS.text,
                key: 'confirmedText',
                render: (_: unknown, row: Detail['accountChanges'][number]) =>
                  row.confirmedText ?? payoutAccountAddendumText({ from: row.from, to: row.to }),
              },
            ]}
          />
          <Typography.Paragraph strong style={{ marginTop: 12, marginBottom: 0 }} data-testid="order-paid-to">
            {order.disbursedOn
              ? payoutAddendumPaidTo(formatDate(order.disbursedOn), order.bankAccount)
              : payoutAddendumNotPaid(order.bankAccount)}
          </Typography.Paragraph>
        </Card>
      ) : null}
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
                { title: '到期日', dataIndex: 'dueDate', render: formatDate },
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
            <Timeline items={timeline(data)} />
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
                { title: '起息日', dataIndex: 'valueDate', render: formatDate },
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
                { title: '展期日', dataIndex: 'on', render: formatDate },
                { title: '原到期日', dataIndex: 'fromDueDate', render: formatDate },
                { title: '新到期日', dataIndex: 'newDueDate', render: formatDate },
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

/** The state changes, the failed payouts and the receiving-account changes, in time order (each line says who or what caused it). */
function timeline(data: Detail) {
  const lines = [
    ...data.stateChanges.map((change) => ({ at: change.at, title: change.to, cause: CAUSE_LABELS[change.cause] ?? change.cause })),
    ...data.payoutFailures.map((failure) => ({ at: failure.at, title: failure.text, cause: CAUSE_LABELS.payout ?? '' })),
    ...data.accountChanges.map((change) => ({
      at: change.at,
      title: `收款帳戶 ${change.from} → ${change.to}`,
      cause: CAUSE_LABELS[change.cause] ?? change.cause,
    })),
  ].sort((a, b) => Date.parse(a.at) - Date.parse(b.at));
  return lines.map((line) => ({
    children: (
      <>
        <Typography.Text strong>{line.title}</Typography.Text>
        <Typography.Text type="secondary">{` ${line.cause}`}</Typography.Text>
        <div>{formatDateTime(line.at)}</div>
      </>
    ),
  }));
}

/** The order's payout failed and waits for a retry: the reason, and whether the borrower was asked for another account or gave one. */
function PayoutFailureAlert({ failure }: { failure: NonNullable<Order['payoutFailure']> }) {
  const asked = failure.accountProblem && failure.changedTo === null;
  return (
    <Alert
      type={failure.changedTo ? 'info' : 'warning'}
      showIcon
      data-testid="order-payout-failure"
      message={`${payoutFailedEventText(failure.reason)}（${formatDateTime(failure.failedAt)}）`}
      description={
        failure.changedTo
          ? PAYOUT_RETRY_TEXTS.accountChanged.replace('{account}', failure.changedTo).replace('（{at}）', '')
          : asked
            ? `${PAYOUT_RETRY_TEXTS.borrowerAsked}：借款人 App 的訂單顯示撥款失敗與原因，並請借款人選擇或新增收款帳戶。`
            : '暫時性失敗：財務可於撥款頁重新撥款到同一帳戶；借款人也可在 App 更換收款帳戶。'
      }
    />
  );
}
