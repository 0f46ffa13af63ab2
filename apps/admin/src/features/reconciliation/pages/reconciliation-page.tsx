import { DownloadOutlined } from '@ant-design/icons';
import { Alert, Button, Card, DatePicker, Space, Table, Tag, Typography } from 'antd';
import {
  defaultReconciliationRange,
  EXPORT_KINDS,
  RECONCILIATION_DIFFERENCES,
  type TExportKind,
  type TReconciliationResponse,
} from '@app/contract/admin/admin-report-schemas.ts';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import { Link } from 'react-router';
import { DATE_INPUT_FORMAT, formatDate, formatMoney } from '../../../shared/format.ts';
import { exportUrl, useReconciliation } from '../api/reconciliation.ts';

type Day = TReconciliationResponse['days'][number];
type Difference = TReconciliationResponse['differences'][number];

const OUTCOME_LABELS: Record<string, string> = { credited: '已入帳', held: '暫停入帳', unknown: '查無繳款單', refunded: '已退還' };

/** The gateways' notifications against what was credited, day by day, every difference listed; finance's CSV exports of the same range. */
export default function ReconciliationPage() {
  // Taipei's calendar days, whatever zone the operator's computer is set to (from 16:00 UTC it is the next day in Taipei).
  const [range, setRange] = useState<[Dayjs, Dayjs]>(() => {
    const { from, to } = defaultReconciliationRange(new Date());
    return [dayjs(from), dayjs(to)];
  });
  const from = range[0].format('YYYY-MM-DD');
  const to = range[1].format('YYYY-MM-DD');
  const reconciliation = useReconciliation(from, to);
  const differences = reconciliation.data?.differences ?? [];
  return (
    <Space direction="vertical" size={16} style={{ width: '100%' }}>
      <Card title="每日對帳（閘道通知 vs 入帳）">
        <Space wrap style={{ marginBottom: 16 }}>
          <DatePicker.RangePicker
            aria-label="對帳日期"
            format={DATE_INPUT_FORMAT}
            allowClear={false}
            value={range}
            onChange={(value) => value?.[0] && value[1] && setRange([value[0], value[1]])}
          />
          {(Object.keys(EXPORT_KINDS) as TExportKind[]).map((kind) => (
            <Button key={kind} icon={<DownloadOutlined />} href={exportUrl(kind, from, to)}>
              {`匯出${EXPORT_KINDS[kind]} CSV`}
            </Button>
          ))}
        </Space>
        {reconciliation.data && (
          <Alert
            style={{ marginBottom: 16 }}
            showIcon
            type={differences.length === 0 ? 'success' : 'warning'}
            message={differences.length === 0 ? '閘道通知與入帳全部相符' : `有 ${differences.length} 筆差異，請逐筆確認`}
          />
        )}
        <Table<Day>
          rowKey="day"
          size="small"
          loading={reconciliation.isFetching}
          pagination={false}
          dataSource={reconciliation.data?.days ?? []}
          columns={[
            { title: '日期', dataIndex: 'day', render: formatDate },
            { title: '通知筆數', dataIndex: 'notifiedCount', align: 'right' },
            { title: '通知金額', dataIndex: 'notifiedAmount', align: 'right', render: formatMoney },
            { title: '入帳筆數', dataIndex: 'creditedCount', align: 'right' },
            { title: '入帳金額', dataIndex: 'creditedAmount', align: 'right', render: formatMoney },
            {
              title: '差額',
              dataIndex: 'difference',
              align: 'right',
              render: (difference: number) =>
                difference === 0 ? formatMoney(0) : <Typography.Text type="danger">{formatMoney(difference)}</Typography.Text>,
            },
          ]}
        />
      </Card>
      <Card title="差異明細" size="small">
        <Table<Difference>
          rowKey={(row) => `${row.gateway}:${row.transactionId}:${row.kind}`}
          size="small"
          pagination={{ pageSize: 20, hideOnSinglePage: true }}
          dataSource={differences}
          columns={[
            { title: '日期', dataIndex: 'day', width: 110, render: formatDate },
            {
              title: '差異',
              dataIndex: 'kind',
              render: (kind: Difference['kind']) => <Tag color="orange">{RECONCILIATION_DIFFERENCES[kind]}</Tag>,
            },
            { title: '閘道', dataIndex: 'gateway' },
            { title: '交易序號', dataIndex: 'transactionId' },
            {
              title: '訂單',
              dataIndex: 'orderId',
              render: (orderId: number | null) => (orderId === null ? '—' : <Link to={`/orders/${orderId}`}>{`#${orderId}`}</Link>),
            },
            { title: '通知金額', dataIndex: 'notifiedAmount', align: 'right', render: formatMoney },
            {
              title: '處理結果',
              dataIndex: 'outcome',
              render: (outcome: string | null) => (outcome ? (OUTCOME_LABELS[outcome] ?? outcome) : '—'),
            },
            { title: '入帳金額', dataIndex: 'creditedAmount', align: 'right', render: formatMoney },
          ]}
        />
        <Typography.Paragraph type="secondary" style={{ marginTop: 12, marginBottom: 0 }}>
          暫停入帳的款項請至「款項處理」入帳或退還；匯出檔為 UTF-8（含 BOM），金額為新臺幣整數，每次匯出皆記錄於操作紀錄。
        </Typography.Paragraph>
      </Card>
    </Space>
  );
}
