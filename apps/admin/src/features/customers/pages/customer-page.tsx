import { Alert, Card, Descriptions, Space, Table, Tag, Typography } from 'antd';
import type { TCustomerDetailResponse } from '@app/contract/admin/admin-customer-schemas.ts';
import { Link, useParams } from 'react-router';
import { formatBirthDate, formatDateTime, formatMoney } from '../../../shared/format.ts';
import { useCustomer } from '../api/customers.ts';
import { AuditLinesCard } from '../components/audit-lines-card.tsx';
import { CHANNEL_LABELS, GENDER_LABELS, KIND_LABELS, PAYMENT_STATE_LABELS } from '../labels.ts';

type Detail = TCustomerDetailResponse;

const STEPS: Array<[keyof Detail['steps'], string]> = [
  ['personal', '基本資料'],
  ['contacts', '緊急聯絡人'],
  ['idCard', '身分證'],
  ['bankCard', '銀行卡'],
  ['face', '人臉辨識'],
];

/** One person: identity (masked unless the role may see it), steps done, bank accounts, orders, payments and what operators did. */
export default function CustomerPage() {
  const { userId = '' } = useParams();
  const customer = useCustomer(userId);
  const data = customer.data;
  if (!data) return <Card loading={customer.isPending} title="用戶資料" />;
  const { person } = data;
  return (
    <Space direction="vertical" size={16} style={{ width: '100%' }}>
      <Card title={`用戶 #${person.userId}`} extra={<Link to="/customers">回到查詢</Link>}>
        {!data.unmasked && <Alert type="info" showIcon style={{ marginBottom: 16 }} message="您的角色只能看到遮罩後的個人資料" />}
        <Descriptions bordered size="small" column={3}>
          <Descriptions.Item label="姓名">{person.name ?? '（尚未填寫）'}</Descriptions.Item>
          <Descriptions.Item label="手機">{person.mobile ?? '（已刪除帳號）'}</Descriptions.Item>
          <Descriptions.Item label="身分證字號">{person.idNumber ?? '—'}</Descriptions.Item>
          <Descriptions.Item label="出生日期">{formatBirthDate(person.birthDate)}</Descriptions.Item>
          <Descriptions.Item label="性別">{person.gender ? (GENDER_LABELS[person.gender] ?? person.gender) : '—'}</Descriptions.Item>
          <Descriptions.Item label="來源管道">{person.sourceChannel ?? '—'}</Descriptions.Item>
          <Descriptions.Item label="註冊時間">{formatDateTime(person.registeredAt)}</Descriptions.Item>
          <Descriptions.Item label="認證步驟" span={2}>
            <Space wrap>
              {STEPS.map(([key, label]) => (
                <Tag key={key} color={data.steps[key] ? 'green' : 'default'}>{`${label}${data.steps[key] ? ' ✓' : '（未完成）'}`}</Tag>
              ))}
            </Space>
          </Descriptions.Item>
          <Descriptions.Item label="收款帳戶" span={3}>
            {data.bankAccounts.length === 0
              ? '—'
              : data.bankAccounts.map((card) => (
                  <div key={card.accountMasked + card.bankName}>
                    {`${card.bankName}${card.branchName ? ` ${card.branchName}` : ''} ${card.accountMasked}`}
                    {card.isDefault && <Tag style={{ marginLeft: 8 }}>預設</Tag>}
                  </div>
                ))}
          </Descriptions.Item>
        </Descriptions>
      </Card>
      <Card title="訂單" size="small">
        <Table<Detail['orders'][number]>
          rowKey="orderId"
          size="small"
          pagination={false}
          dataSource={data.orders}
          columns={[
            {
              title: '訂單編號',
              dataIndex: 'orderNo',
              render: (orderNo: string, order) => <Link to={`/orders/${order.orderId}`}>{orderNo}</Link>,
            },
            { title: '狀態', dataIndex: 'state', render: (state: string) => <Tag>{state}</Tag> },
            { title: '商品', dataIndex: 'productName' },
            { title: '本金', dataIndex: 'principal', align: 'right', render: formatMoney },
            { title: '申請時間', dataIndex: 'createdAt', render: formatDateTime },
          ]}
        />
      </Card>
      <Card title="繳款紀錄" size="small">
        <Table<Detail['payments'][number]>
          rowKey={(row) => `${row.orderId}-${row.createdAt}-${row.kind}`}
          size="small"
          pagination={{ pageSize: 10, hideOnSinglePage: true }}
          dataSource={data.payments}
          columns={[
            { title: '訂單編號', dataIndex: 'orderNo' },
            { title: '種類', dataIndex: 'kind', render: (kind: string) => KIND_LABELS[kind] ?? kind },
            { title: '管道', dataIndex: 'channel', render: (channel: string) => CHANNEL_LABELS[channel] ?? channel },
            { title: '金額', dataIndex: 'amount', align: 'right', render: formatMoney },
            { title: '狀態', dataIndex: 'state', render: (state: string) => PAYMENT_STATE_LABELS[state] ?? state },
            { title: '建立時間', dataIndex: 'createdAt', render: formatDateTime },
            { title: '入帳時間', dataIndex: 'paidAt', render: formatDateTime },
          ]}
        />
      </Card>
      <AuditLinesCard
        title="操作人員對此用戶的操作紀錄"
        lines={data.audit}
        showTarget
        footer={<Typography.Text type="secondary">本次檢視亦已記錄。</Typography.Text>}
      />
    </Space>
  );
}
