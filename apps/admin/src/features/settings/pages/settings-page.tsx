import { MinusCircleOutlined, PlusOutlined } from '@ant-design/icons';
import { Alert, App, Button, Card, Form, Input, InputNumber, Modal, Select, Space, Spin, Table, Tag, Typography } from 'antd';
import { useState } from 'react';
import { MAX_CAMPAIGN_DISCOUNT_BASIS_POINTS, type TCampaign } from '@app/contract/admin/admin-config-schemas.ts';
import { ADMIN_ORIGINS_RULE, ADMIN_SCHEDULE_RULE } from '@app/contract/admin/admin-messages.ts';
import { useProducts } from '../../products/api/products.ts';
import { useApiOrigins, useSaveApiOrigins } from '../api/api-origins.ts';
import { useCampaigns, useSaveCampaign } from '../api/campaigns.ts';

const HTTPS_ORIGIN = /^https:\/\/[^/?#\s]+\/?$/;

function ApiOriginsForm({ origins }: { origins: string[] }) {
  const save = useSaveApiOrigins();
  const { message } = App.useApp();
  return (
    <Form<{ origins: string[] }>
      initialValues={{ origins }}
      onFinish={(values) =>
        save.mutate(
          values.origins.map((origin) => origin.trim()),
          { onSuccess: () => void message.success('已儲存，App 將於數秒內取得新的網址清單') },
        )
      }
    >
      <Form.List name="origins">
        {(fields, { add, remove }) => (
          <>
            {fields.map((field, index) => (
              <Space key={field.key} align="baseline">
                <Typography.Text type="secondary">{index + 1}.</Typography.Text>
                <Form.Item name={field.name} rules={[{ required: true, pattern: HTTPS_ORIGIN, message: ADMIN_ORIGINS_RULE }]}>
                  <Input placeholder="https://api2.example.com.tw" style={{ width: 420 }} aria-label={`API 網址 ${index + 1}`} />
                </Form.Item>
                <MinusCircleOutlined aria-label="移除" onClick={() => remove(field.name)} />
              </Space>
            ))}
            <Form.Item>
              <Button type="dashed" onClick={() => add('')} icon={<PlusOutlined />} disabled={fields.length >= 10}>
                新增網址
              </Button>
            </Form.Item>
          </>
        )}
      </Form.List>
      <Button type="primary" htmlType="submit" loading={save.isPending}>
        儲存網址清單
      </Button>
    </Form>
  );
}

const STATE_TAGS = {
  scheduled: <Tag color="blue">尚未開始</Tag>,
  running: <Tag color="green">進行中</Tag>,
  ended: <Tag>已結束</Tag>,
} as const;

/** The form: the discount typed in percentage points (2 = 200 basis points), the times as Taipei minutes. */
interface CampaignFormValues {
  title: string;
  discountPoints: number;
  productId: number | null;
  startsAt: string;
  endsAt: string;
}

function CampaignModal({ editing, onClose }: { editing: TCampaign | 'new' | null; onClose: () => void }) {
  const save = useSaveCampaign();
  const products = useProducts();
  const { message } = App.useApp();
  const [form] = Form.useForm<CampaignFormValues>();
  const item = editing === 'new' || editing === null ? null : editing;
  const initial: Partial<CampaignFormValues> = item
    ? {
        title: item.title,
        discountPoints: item.discountBasisPoints / 100,
        productId: item.productId,
        startsAt: item.startsAt,
        endsAt: item.endsAt,
      }
    : { productId: null, discountPoints: 1 };
  const productOptions = [
    { value: null as number | null, label: '所有產品' },
    ...(products.data?.items ?? []).filter((p) => p.form.enabled).map((p) => ({ value: p.id as number | null, label: p.form.name })),
  ];
  return (
    <Modal
      open={editing !== null}
      title={item ? '編輯利率折扣活動' : '新增利率折扣活動'}
      okText="儲存"
      cancelText="取消"
      onCancel={onClose}
      onOk={() => form.submit()}
      confirmLoading={save.isPending}
      destroyOnClose
      width={620}
    >
      <Form<CampaignFormValues>
        form={form}
        layout="vertical"
        initialValues={initial}
        onFinish={(values) =>
          save.mutate(
            {
              id: item?.id ?? null,
              form: {
                title: values.title,
                discountBasisPoints: Math.round(values.discountPoints * 100),
                productId: values.productId,
                startsAt: values.startsAt,
                endsAt: values.endsAt,
              },
            },
            {
              onSuccess: () => {
                void message.success('已儲存：活動期間的試算與總費用年百分率將計入折扣');
                onClose();
              },
            },
          )
        }
      >
        <Form.Item name="title" label="活動名稱" rules={[{ required: true, max: 40 }]}>
          <Input placeholder="年末利率優惠" />
        </Form.Item>
        <Space size="large" wrap>
          <Form.Item name="discountPoints" label="年利率減少（百分點）" rules={[{ required: true }]}>
            <InputNumber min={0.01} max={MAX_CAMPAIGN_DISCOUNT_BASIS_POINTS / 100} step={0.25} style={{ width: 160 }} />
          </Form.Item>
          <Form.Item name="productId" label="適用產品">
            <Select style={{ width: 220 }} options={productOptions} />
          </Form.Item>
        </Space>
        <Space size="large" wrap>
          <Form.Item name="startsAt" label="開始（台北時間）" rules={[{ required: true }]}>
            <Input type="datetime-local" style={{ width: 220 }} />
          </Form.Item>
          <Form.Item
            name="endsAt"
            label="結束（台北時間）"
            dependencies={['startsAt']}
            rules={[
              { required: true },
              ({ getFieldValue }) => ({
                validator: (_rule, value: string | undefined) =>
                  !value || ((getFieldValue('startsAt') as string | undefined) ?? '') < value
                    ? Promise.resolve()
                    : Promise.reject(new Error(ADMIN_SCHEDULE_RULE)),
              }),
            ]}
          >
            <Input type="datetime-local" style={{ width: 220 }} />
          </Form.Item>
        </Space>
      </Form>
    </Modal>
  );
}

function CampaignsCard() {
  const campaigns = useCampaigns();
  const [editing, setEditing] = useState<TCampaign | 'new' | null>(null);
  return (
    <Card
      title="利率折扣活動（activity/award）"
      extra={
        <Button type="primary" onClick={() => setEditing('new')}>
          新增活動
        </Button>
      }
    >
      <Alert
        type="info"
        showIcon
        style={{ marginBottom: 16 }}
        message="活動只能是有期限的年利率折扣：活動期間的試算、契約與總費用年百分率都以折扣後的利率計算，已成立的訂單保留申請時的利率。不提供任何借款現金獎勵。"
      />
      <Table<TCampaign>
        rowKey="id"
        loading={campaigns.isPending}
        dataSource={campaigns.data?.items ?? []}
        pagination={false}
        columns={[
          { title: '活動名稱', dataIndex: 'title' },
          { title: '年利率減少', dataIndex: 'discountBasisPoints', render: (points: number) => `${points / 100} 個百分點` },
          { title: '適用產品', dataIndex: 'productName', render: (name: string | null) => name ?? '所有產品' },
          { title: '期間（台北時間）', render: (_value, row) => `${row.startsAt.replace('T', ' ')} ～ ${row.endsAt.replace('T', ' ')}` },
          { title: '狀態', dataIndex: 'state', render: (state: TCampaign['state']) => STATE_TAGS[state] },
          {
            title: '處理',
            render: (_value, row) => (
              <Button size="small" onClick={() => setEditing(row)}>
                編輯
              </Button>
            ),
          },
        ]}
      />
      <CampaignModal key={editing === 'new' ? 'new' : (editing?.id ?? 'none')} editing={editing} onClose={() => setEditing(null)} />
    </Card>
  );
}

/** What the borrowers' app reads from the console: the API origins (changeDomainName) and campaigns (activity/award). */
export default function SettingsPage() {
  const origins = useApiOrigins();
  return (
    <Space direction="vertical" size="large" style={{ width: '100%' }}>
      <Card title="API 網址清單（changeDomainName）">
        <Typography.Paragraph type="secondary">
          App 目前的網址無法連線時，依此順序改用下一個網址。僅接受 https:// 開頭、不含路徑的網址；清單為空時 App 維持目前的網址。
        </Typography.Paragraph>
        {origins.data ? <ApiOriginsForm origins={origins.data.origins} /> : <Spin />}
      </Card>
      <CampaignsCard />
    </Space>
  );
}
