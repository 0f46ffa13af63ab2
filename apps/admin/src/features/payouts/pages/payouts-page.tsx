import { DownloadOutlined, UploadOutlined } from '@ant-design/icons';
import { Alert, App, Button, Card, DatePicker, Descriptions, Popconfirm, Select, Space, Table, Tabs, Tag, Typography, Upload } from 'antd';
import {
  BANK_BATCH_DOWNLOAD_TEXTS,
  BANK_FILE_ENCODING_LABELS,
  BANK_RESULT_OUTCOME_LABELS,
  PAYOUT_CHANNEL_LABELS,
  PAYOUT_RETRY_TEXTS,
  PAYOUT_STAGE_LABELS,
  type TBankFileEncoding,
  type TPayoutStage,
} from '@app/contract/admin/admin-messages.ts';
import type { TBankResultImportResponse, TPayoutItem } from '@app/contract/admin/admin-payout-schemas.ts';
import type { Dayjs } from 'dayjs';
import { useState } from 'react';
import { Link } from 'react-router';
import { DATE_INPUT_FORMAT, formatDateTime, formatMoney } from '../../../shared/format.ts';
import {
  bankFileBase64,
  downloadBankBatch,
  useBankBatches,
  useCreateBankBatch,
  useImportBankResult,
  usePayouts,
  useReleasePayout,
  useRetryPayout,
  type PayoutFilter,
} from '../api/payouts.ts';

const STAGE_COLORS: Record<TPayoutStage, string> = {
  awaitingRelease: 'gold',
  awaitingSecondRelease: 'orange',
  awaitingBatch: 'blue',
  inBatch: 'geekblue',
  sending: 'cyan',
  sent: 'cyan',
  paid: 'green',
  failed: 'red',
  retried: 'default',
  needsReview: 'volcano',
};

/** The provider's or the bank's words for a failure, without the channel's prefix (`bank:戶名不符` → 戶名不符). */
const reasonOf = (resultCode: string) => resultCode.replace(/^bank:/, '');
const account = (payout: TPayoutItem) => `${payout.bankName ?? payout.bankCode ?? ''} ${payout.accountMasked ?? ''}`.trim();

const day = (value: Dayjs) => value.format('YYYY-MM-DD');

/**
 * The payouts table's columns in pixels (size middle): the amounts, times and names on one
 * line; the stage column takes the bank's reason on lines of its own. Wider than a 1440 px
 * screen leaves, so it scrolls sideways with the payout and the actions held in place.
 */
const PAYOUT_COLUMN_WIDTHS = {
  id: 130,
  orderNo: 150,
  amount: 110,
  stage: 190,
  channel: 160,
  account: 190,
  release: 110,
  time: 140,
  actions: 200,
} as const;
const PAYOUT_TABLE_WIDTH = Object.values(PAYOUT_COLUMN_WIDTHS).reduce((sum, width) => sum + width, 0) + 3 * PAYOUT_COLUMN_WIDTHS.time;

function ReleaseButton({ payout }: { payout: TPayoutItem }) {
  const release = useReleasePayout();
  const { message } = App.useApp();
  if (payout.stage !== 'awaitingRelease' && payout.stage !== 'awaitingSecondRelease') return null;
  const second = payout.stage === 'awaitingSecondRelease';
  return (
    <Popconfirm
      title={second ? '覆核放行此筆撥款？' : '放行此筆撥款？'}
      description={`${formatMoney(payout.amount)} 撥入 ${payout.bankName ?? payout.bankCode ?? ''} ${payout.accountMasked ?? ''}${payout.releasesNeeded === 2 && !second ? '（需兩位人員放行）' : ''}`}
      okText="放行"
      cancelText="取消"
      onConfirm={() =>
        release.mutate(payout.id, {
          onSuccess: (result) =>
            void message.success(
              result.outcome === 'firstRelease'
                ? '已記錄第一位放行，等待另一位財務人員覆核'
                : `已放行，${PAYOUT_STAGE_LABELS[result.stage]}`,
            ),
          onError: (error) => void message.error(error.message),
        })
      }
    >
      <Button type="primary" size="small">
        {second ? '覆核放行' : '放行'}
      </Button>
    </Popconfirm>
  );
}

/** A failed payout sent again to the same account: a new payout, after a confirmation naming the amount and the account. */
function RetryButton({ payout, twoPeopleAbove }: { payout: TPayoutItem; twoPeopleAbove: number }) {
  const retry = useRetryPayout();
  const { message } = App.useApp();
  if (payout.stage !== 'failed') return null;
  return (
    <Popconfirm
      title={PAYOUT_RETRY_TEXTS.confirmTitle}
      description={
        <div style={{ maxWidth: 360 }}>
          {PAYOUT_RETRY_TEXTS.confirmDescription
            .replace('{amount}', formatMoney(payout.amount))
            .replace('{account}', account(payout))
            .replace('{releases}', payout.amount > twoPeopleAbove ? PAYOUT_RETRY_TEXTS.releaseNeeded : '')}
        </div>
      }
      okText={PAYOUT_RETRY_TEXTS.button}
      cancelText="取消"
      onConfirm={() =>
        retry.mutate(payout.id, {
          onSuccess: (result) =>
            void message.success(
              PAYOUT_RETRY_TEXTS.done.replace('{id}', String(result.payoutId)).replace('{stage}', PAYOUT_STAGE_LABELS[result.stage]),
            ),
          onError: (error) => void message.error(error.message),
        })
      }
    >
      <Button danger size="small" loading={retry.isPending}>
        {PAYOUT_RETRY_TEXTS.button}
      </Button>
    </Popconfirm>
  );
}

function PayoutsTab() {
  const [filter, setFilter] = useState<PayoutFilter>({ page: 1 });
  const payouts = usePayouts(filter);
  const data = payouts.data;
  return (
    <Space direction="vertical" size="middle" style={{ width: '100%' }}>
      {data ? (
        <Alert
          type="info"
          showIcon
          message={`超過 ${formatMoney(data.releaseAbove)} 的撥款須由財務人員放行後才送出；超過 ${formatMoney(data.twoPeopleAbove)} 須由兩位不同人員放行。撥款管道：${PAYOUT_CHANNEL_LABELS[data.channel]}。`}
        />
      ) : null}
      {data?.items.some((item) => item.stage === 'failed') ? (
        <Alert type="warning" showIcon message={PAYOUT_STAGE_LABELS.failed} description={PAYOUT_RETRY_TEXTS.accountChangeNote} />
      ) : null}
      <Space wrap>
        <Select<TPayoutStage | undefined>
          aria-label="撥款狀態"
          placeholder="全部狀態"
          allowClear
          style={{ width: 180 }}
          value={filter.stage}
          onChange={(stage) => setFilter((current) => ({ ...current, stage, page: 1 }))}
          options={Object.entries(PAYOUT_STAGE_LABELS).map(([value, label]) => ({ value: value as TPayoutStage, label }))}
        />
        <DatePicker.RangePicker
          aria-label="申請日期"
          format={DATE_INPUT_FORMAT}
          onChange={(range) =>
            setFilter((current) => ({
              ...current,
              from: range?.[0] ? day(range[0]) : undefined,
              to: range?.[1] ? day(range[1]) : undefined,
              page: 1,
            }))
          }
        />
      </Space>
      <Table<TPayoutItem>
        rowKey="id"
        size="middle"
        loading={payouts.isFetching}
        dataSource={data?.items ?? []}
        locale={{ emptyText: '沒有符合條件的撥款' }}
        tableLayout="fixed"
        scroll={{ x: PAYOUT_TABLE_WIDTH }}
        pagination={{
          current: filter.page,
          pageSize: data?.pageSize ?? 50,
          total: data?.total ?? 0,
          showSizeChanger: false,
          onChange: (page) => setFilter((current) => ({ ...current, page })),
        }}
        columns={[
          {
            title: '撥款編號',
            dataIndex: 'id',
            width: PAYOUT_COLUMN_WIDTHS.id,
            fixed: 'left',
            render: (id: number, row) => (
              <Space direction="vertical" size={0}>
                {id}
                {row.retryOf !== null ? (
                  <Typography.Text type="secondary">{PAYOUT_RETRY_TEXTS.retryOf.replace('{id}', String(row.retryOf))}</Typography.Text>
                ) : null}
              </Space>
            ),
          },
          {
            title: '訂單編號',
            dataIndex: 'orderNo',
            width: PAYOUT_COLUMN_WIDTHS.orderNo,
            render: (orderNo: string, row) => <Link to={`/orders/${row.orderId}`}>{orderNo}</Link>,
          },
          { title: '金額', dataIndex: 'amount', align: 'right', width: PAYOUT_COLUMN_WIDTHS.amount, render: formatMoney },
          {
            title: '狀態',
            dataIndex: 'stage',
            width: PAYOUT_COLUMN_WIDTHS.stage,
            render: (stage: TPayoutStage, row) => (
              <Space direction="vertical" size={0}>
                <Tag color={STAGE_COLORS[stage]}>{PAYOUT_STAGE_LABELS[stage]}</Tag>
                {row.resultCode && stage !== 'paid' ? (
                  <Typography.Text type={stage === 'failed' ? 'danger' : 'secondary'}>
                    {PAYOUT_RETRY_TEXTS.reason}
                    {reasonOf(row.resultCode)}
                  </Typography.Text>
                ) : null}
                {row.retriedBy ? (
                  <Typography.Text type="secondary">{PAYOUT_RETRY_TEXTS.retriedBy.replace('{name}', row.retriedBy)}</Typography.Text>
                ) : null}
                {stage === 'failed' && row.accountProblem && !row.accountChange ? (
                  <Typography.Text type="warning" data-testid="payout-borrower-asked">
                    {PAYOUT_RETRY_TEXTS.borrowerAsked}
                  </Typography.Text>
                ) : null}
                {row.accountChange ? (
                  <Typography.Text type="success" data-testid="payout-account-changed">
                    {PAYOUT_RETRY_TEXTS.accountChanged
                      .replace('{account}', row.accountChange.to)
                      .replace('{at}', formatDateTime(row.accountChange.at))}
                  </Typography.Text>
                ) : null}
              </Space>
            ),
          },
          {
            title: '管道',
            dataIndex: 'channel',
            width: PAYOUT_COLUMN_WIDTHS.channel,
            render: (channel: TPayoutItem['channel'], row) =>
              `${PAYOUT_CHANNEL_LABELS[channel]}${row.bankBatch ? ` ${row.bankBatch}` : ''}`,
          },
          {
            title: '收款帳戶',
            width: PAYOUT_COLUMN_WIDTHS.account,
            key: 'account',
            render: (_value, row) => (row.accountMasked ? `${row.bankCode ?? ''} ${row.bankName ?? ''} ${row.accountMasked}` : '—'),
          },
          {
            title: '放行',
            width: PAYOUT_COLUMN_WIDTHS.release,
            key: 'release',
            render: (_value, row) =>
              row.releasesNeeded === 0
                ? '免放行'
                : [row.firstReleasedBy, row.releasedBy].filter(Boolean).join('、') || `需 ${row.releasesNeeded} 人`,
          },
          { title: '申請時間', dataIndex: 'requestedAt', width: PAYOUT_COLUMN_WIDTHS.time, render: formatDateTime },
          { title: '放行時間', dataIndex: 'releasedAt', width: PAYOUT_COLUMN_WIDTHS.time, render: formatDateTime },
          { title: '送出時間', dataIndex: 'sentAt', width: PAYOUT_COLUMN_WIDTHS.time, render: formatDateTime },
          { title: '完成時間', dataIndex: 'settledAt', width: PAYOUT_COLUMN_WIDTHS.time, render: formatDateTime },
          {
            title: '處理',
            key: 'actions',
            width: PAYOUT_COLUMN_WIDTHS.actions,
            fixed: 'right',
            render: (_value, row) => (
              <Space>
                <ReleaseButton payout={row} />
                <RetryButton payout={row} twoPeopleAbove={data?.twoPeopleAbove ?? 0} />
              </Space>
            ),
          },
        ]}
      />
    </Space>
  );
}

function ImportReport({ report }: { report: TBankResultImportResponse }) {
  const changed = report.counts.paid + report.counts.failed + report.counts.held;
  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      <Alert
        type={report.counts.unknown + report.counts.amountMismatch + report.counts.unreadable > 0 ? 'warning' : 'success'}
        showIcon
        message={`已匯入 ${report.rows.length} 列：${changed} 筆更新，${report.counts.alreadySettled} 筆先前已處理，${report.counts.unknown + report.counts.amountMismatch + report.counts.unreadable} 筆未處理`}
      />
      <Table
        rowKey="line"
        size="small"
        pagination={false}
        dataSource={report.rows}
        columns={[
          { title: '列', dataIndex: 'line' },
          { title: '參考編號', dataIndex: 'reference' },
          {
            title: '結果',
            dataIndex: 'outcome',
            render: (outcome: keyof typeof BANK_RESULT_OUTCOME_LABELS) => BANK_RESULT_OUTCOME_LABELS[outcome],
          },
        ]}
      />
    </Space>
  );
}

function BankBatchTab() {
  const batches = useBankBatches();
  const create = useCreateBankBatch();
  const importResult = useImportBankResult();
  const { message } = App.useApp();
  const [report, setReport] = useState<TBankResultImportResponse | null>(null);
  const [encoding, setEncoding] = useState<TBankFileEncoding>('utf8');
  const download = (batch: string) =>
    void downloadBankBatch(batch, encoding).catch((error: Error) => void message.error({ content: error.message, duration: 8 }));
  return (
    <Space direction="vertical" size="large" style={{ width: '100%' }}>
      <Descriptions
        size="small"
        column={1}
        bordered
        items={[
          {
            key: 'how',
            label: '作業方式',
            children:
              '產生付款檔 → 下載後上傳至企業網銀整批付款 → 銀行處理完成後，將銀行回覆檔匯入，逐筆標記撥款成功或失敗（重複匯入不會重複入帳）。',
          },
        ]}
      />
      <Space>
        <Popconfirm
          title="將所有已放行、尚未匯出的銀行撥款產生一個新的付款檔？"
          okText="產生"
          cancelText="取消"
          onConfirm={() =>
            create.mutate(undefined, {
              onSuccess: (created) =>
                void message.success(`已產生付款檔 ${created.batch}：${created.count} 筆，共 ${formatMoney(created.amount)}`),
              onError: (error) => void message.error(error.message),
            })
          }
        >
          <Button type="primary" loading={create.isPending}>
            產生付款檔
          </Button>
        </Popconfirm>
        <Upload
          accept=".csv,text/csv"
          showUploadList={false}
          beforeUpload={(file) => {
            void file
              .arrayBuffer()
              .then(bankFileBase64)
              .then((contentBase64) =>
                importResult.mutate(
                  { fileName: file.name, contentBase64 },
                  { onSuccess: (result) => setReport(result), onError: (error) => void message.error(error.message) },
                ),
              );
            return false;
          }}
        >
          <Button icon={<UploadOutlined />} loading={importResult.isPending}>
            匯入銀行回覆檔
          </Button>
        </Upload>
        <Select<TBankFileEncoding>
          aria-label={BANK_BATCH_DOWNLOAD_TEXTS.encoding}
          style={{ width: 240 }}
          value={encoding}
          onChange={setEncoding}
          options={Object.entries(BANK_FILE_ENCODING_LABELS).map(([value, label]) => ({
            value: value as TBankFileEncoding,
            label: `${BANK_BATCH_DOWNLOAD_TEXTS.encoding}：${label}`,
          }))}
        />
      </Space>
      {report ? <ImportReport report={report} /> : null}
      <Table
        rowKey="batch"
        loading={batches.isPending}
        dataSource={batches.data?.items ?? []}
        locale={{ emptyText: '尚未產生付款檔' }}
        pagination={false}
        columns={[
          { title: '付款檔', dataIndex: 'batch' },
          { title: '筆數', dataIndex: 'count', align: 'right' },
          { title: '金額', dataIndex: 'amount', align: 'right', render: formatMoney },
          { title: '待銀行回覆', dataIndex: 'open', align: 'right' },
          { title: '產生時間', dataIndex: 'createdAt', render: formatDateTime },
          {
            title: '下載',
            key: 'download',
            render: (_value, row: { batch: string }) => (
              <Button icon={<DownloadOutlined />} onClick={() => download(row.batch)}>
                {BANK_BATCH_DOWNLOAD_TEXTS.download}
              </Button>
            ),
          },
        ]}
      />
    </Space>
  );
}

/** Payouts: their stage, finance's release above the threshold, the bank batch files and the bank's result file. */
export default function PayoutsPage() {
  return (
    <Card title="撥款">
      <Tabs
        items={[
          { key: 'payouts', label: '撥款清單', children: <PayoutsTab /> },
          { key: 'bank', label: '銀行整批付款', children: <BankBatchTab /> },
        ]}
      />
    </Card>
  );
}
