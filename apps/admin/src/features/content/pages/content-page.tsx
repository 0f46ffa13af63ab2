import {
  Alert,
  App,
  Button,
  Card,
  Form,
  Input,
  InputNumber,
  Modal,
  Popconfirm,
  Space,
  Spin,
  Switch,
  Table,
  Tabs,
  Tag,
  Typography,
} from 'antd';
import { useState } from 'react';
import {
  HOME_CONTENT_KINDS,
  NOTICE_MAX_LENGTH,
  NOTICES_SHOWN_MAX,
  type TFaqForm,
  type TFaqItem,
  type THomeContentForm,
  type THomeContentItem,
  type THomeContentKind,
  type TServiceLine,
} from '@app/contract/admin/admin-config-schemas.ts';
import {
  ADMIN_FAQ_REMOVED,
  ADMIN_SCHEDULE_RULE,
  ADMIN_SERVICE_LINE_RULE,
  FAQ_REMOVE_TEXTS,
  HOME_CONTENT_KIND_LABELS,
  NOTICE_OVER_SHOWN_LIMIT,
  noticeTooLong,
  noticesShownLimit,
} from '@app/contract/admin/admin-messages.ts';
import {
  useFaq,
  useHomeContent,
  useRemoveFaq,
  useSaveFaq,
  useSaveHomeContent,
  useSaveServiceLine,
  useServiceLine,
} from '../api/content.ts';

function ServiceLineForm({ values }: { values: Required<TServiceLine> }) {
  const save = useSaveServiceLine();
  const { message } = App.useApp();
  return (
    <Form<Required<TServiceLine>>
      layout="vertical"
      initialValues={values}
      onFinish={(next) =>
        save.mutate(next, { onSuccess: () => void message.success('已儲存，App 的客服視窗將於 7 秒內顯示新的 LINE 帳號') })
      }
    >
      <Space size="large" wrap align="start">
        <Form.Item
          name="line"
          label="LINE 帳號"
          rules={[{ required: true, pattern: /^@[a-z0-9._-]{2,40}$/i, message: ADMIN_SERVICE_LINE_RULE }]}
        >
          <Input style={{ width: 220 }} placeholder="@xiaoandai" />
        </Form.Item>
        <Form.Item
          name="lineUrl"
          label="加入好友連結"
          rules={[{ required: true, pattern: /^https:\/\/\S+$/, message: ADMIN_SERVICE_LINE_RULE }]}
        >
          <Input style={{ width: 380 }} placeholder="https://line.me/R/ti/p/@xiaoandai" />
        </Form.Item>
        <Form.Item name="lineImg" label="QR 碼圖片網址（空白則由 App 依連結產生）">
          <Input style={{ width: 320 }} />
        </Form.Item>
      </Space>
      <Button type="primary" htmlType="submit" loading={save.isPending}>
        儲存 LINE 客服資訊
      </Button>
    </Form>
  );
}

const needsTitle = (kind: THomeContentKind) => kind !== 'notices';
const needsContent = (kind: THomeContentKind) => kind !== 'banners';
const needsImage = (kind: THomeContentKind) => kind !== 'notices';

function ContentModal({
  kind,
  editing,
  onClose,
}: {
  kind: THomeContentKind;
  editing: THomeContentItem | 'new' | null;
  onClose: () => void;
}) {
  const save = useSaveHomeContent(kind);
  const { message } = App.useApp();
  const [form] = Form.useForm<THomeContentForm>();
  const item = editing === 'new' || editing === null ? null : editing;
  const initial: THomeContentForm = item
    ? {
        title: item.title,
        content: item.content,
        imageUrl: item.imageUrl,
        linkUrl: item.linkUrl,
        sortOrder: item.sortOrder,
        active: item.active,
        startsAt: item.startsAt,
        endsAt: item.endsAt,
      }
    : { title: '', content: '', imageUrl: '', linkUrl: '', sortOrder: 0, active: true, startsAt: null, endsAt: null };
  return (
    <Modal
      open={editing !== null}
      title={`${item ? '編輯' : '新增'}${HOME_CONTENT_KIND_LABELS[kind]}`}
      onCancel={onClose}
      okText="儲存"
      cancelText="取消"
      confirmLoading={save.isPending}
      onOk={() => form.submit()}
      destroyOnClose
      width={640}
    >
      <Form<THomeContentForm>
        form={form}
        layout="vertical"
        initialValues={initial}
        onFinish={(values) =>
          save.mutate(
            { id: item?.id ?? null, form: { ...values, startsAt: values.startsAt || null, endsAt: values.endsAt || null } },
            {
              onSuccess: () => {
                void message.success('已儲存');
                onClose();
              },
            },
          )
        }
      >
        {needsTitle(kind) ? (
          <Form.Item name="title" label="標題" rules={[{ required: true, max: 60 }]}>
            <Input />
          </Form.Item>
        ) : null}
        {needsContent(kind) ? (
          <Form.Item
            name="content"
            label="內容"
            rules={[
              { required: kind === 'notices' },
              kind === 'notices' ? { max: NOTICE_MAX_LENGTH, message: noticeTooLong(NOTICE_MAX_LENGTH) } : { max: 500 },
            ]}
          >
            <Input.TextArea rows={3} />
          </Form.Item>
        ) : null}
        {needsImage(kind) ? (
          <Form.Item name="imageUrl" label="圖片網址" rules={[{ required: kind === 'banners' }]}>
            <Input placeholder="/banners/year-end.png 或 https://…" />
          </Form.Item>
        ) : null}
        {kind !== 'notices' ? (
          <Form.Item name="linkUrl" label="點擊後前往（App 內路徑或 https 網址，可空白）">
            <Input placeholder="/pages/service" />
          </Form.Item>
        ) : null}
        <Space size="large" wrap>
          <Form.Item name="startsAt" label="開始（台北時間，可空白）">
            <Input type="datetime-local" style={{ width: 220 }} />
          </Form.Item>
          <Form.Item
            name="endsAt"
            label="結束（台北時間，可空白）"
            dependencies={['startsAt']}
            rules={[
              ({ getFieldValue }) => ({
                validator: (_rule, value: string | null) => {
                  const start = getFieldValue('startsAt') as string | null;
                  return !value || !start || start < value ? Promise.resolve() : Promise.reject(new Error(ADMIN_SCHEDULE_RULE));
                },
              }),
            ]}
          >
            <Input type="datetime-local" style={{ width: 220 }} />
          </Form.Item>
        </Space>
        <Space size="large">
          <Form.Item name="sortOrder" label="排序（小的在前）">
            <InputNumber min={0} max={1000} />
          </Form.Item>
          <Form.Item name="active" label="啟用" valuePropName="checked">
            <Switch />
          </Form.Item>
        </Space>
      </Form>
    </Modal>
  );
}

function ContentTable({ kind }: { kind: THomeContentKind }) {
  const content = useHomeContent(kind);
  const [editing, setEditing] = useState<THomeContentItem | 'new' | null>(null);
  const schedule = (row: THomeContentItem) => `${row.startsAt?.replace('T', ' ') ?? '立即'} ～ ${row.endsAt?.replace('T', ' ') ?? '不限'}`;
  return (
    <>
      <Space style={{ marginBottom: 12 }}>
        <Button type="primary" onClick={() => setEditing('new')}>
          新增{HOME_CONTENT_KIND_LABELS[kind]}
        </Button>
        {kind === 'notices' ? <Typography.Text type="secondary">{noticesShownLimit(NOTICES_SHOWN_MAX)}</Typography.Text> : null}
      </Space>
      <Table<THomeContentItem>
        rowKey="id"
        loading={content.isPending}
        dataSource={content.data?.items ?? []}
        pagination={false}
        columns={[
          { title: kind === 'notices' ? '內容' : '標題', render: (_value, row) => (kind === 'notices' ? row.content : row.title) },
          ...(kind === 'notices' ? [] : [{ title: '圖片', render: (_value: unknown, row: THomeContentItem) => row.imageUrl || '—' }]),
          { title: '排程（台北時間）', render: (_value, row) => schedule(row) },
          { title: '排序', dataIndex: 'sortOrder' },
          {
            title: '狀態',
            render: (_value, row) =>
              row.showingNow ? (
                <Tag color="green">顯示中</Tag>
              ) : row.overShownLimit ? (
                <Tag color="gold">{NOTICE_OVER_SHOWN_LIMIT}</Tag>
              ) : row.active ? (
                <Tag color="orange">未在排程內</Tag>
              ) : (
                <Tag>已停用</Tag>
              ),
          },
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
      <ContentModal
        key={editing === 'new' ? 'new' : (editing?.id ?? 'none')}
        kind={kind}
        editing={editing}
        onClose={() => setEditing(null)}
      />
    </>
  );
}

function FaqModal({ editing, onClose }: { editing: TFaqItem | 'new' | null; onClose: () => void }) {
  const save = useSaveFaq();
  const { message } = App.useApp();
  const [form] = Form.useForm<TFaqForm>();
  const item = editing === 'new' || editing === null ? null : editing;
  return (
    <Modal
      open={editing !== null}
      title={item ? '編輯常見問題' : '新增常見問題'}
      okText="儲存"
      cancelText="取消"
      onCancel={onClose}
      onOk={() => form.submit()}
      confirmLoading={save.isPending}
      destroyOnClose
      width={640}
    >
      <Form<TFaqForm>
        form={form}
        layout="vertical"
        initialValues={item ?? { groupName: '', groupOrder: 0, sortOrder: 0, question: '', answer: '' }}
        onFinish={(values) =>
          save.mutate(
            { id: item?.id ?? null, form: values },
            {
              onSuccess: () => {
                void message.success('已儲存，說明中心即時顯示');
                onClose();
              },
            },
          )
        }
      >
        <Space size="large" wrap>
          <Form.Item name="groupName" label="分類" rules={[{ required: true, max: 20 }]}>
            <Input style={{ width: 200 }} />
          </Form.Item>
          <Form.Item name="groupOrder" label="分類排序">
            <InputNumber min={0} max={100} />
          </Form.Item>
          <Form.Item name="sortOrder" label="題目排序">
            <InputNumber min={0} max={1000} />
          </Form.Item>
        </Space>
        <Form.Item name="question" label="問題" rules={[{ required: true, max: 200 }]}>
          <Input />
        </Form.Item>
        <Form.Item name="answer" label="回答" rules={[{ required: true, max: 2000 }]}>
          <Input.TextArea rows={5} />
        </Form.Item>
      </Form>
    </Modal>
  );
}

function FaqCard() {
  const faq = useFaq();
  const remove = useRemoveFaq();
  const { message } = App.useApp();
  const [editing, setEditing] = useState<TFaqItem | 'new' | null>(null);
  return (
    <Card
      title="常見問題（說明中心）"
      extra={
        <Button type="primary" onClick={() => setEditing('new')}>
          新增常見問題
        </Button>
      }
    >
      <Table<TFaqItem>
        rowKey="id"
        loading={faq.isPending}
        dataSource={faq.data?.items ?? []}
        pagination={{ pageSize: 10 }}
        columns={[
          { title: '分類', dataIndex: 'groupName', width: 120 },
          { title: '問題', dataIndex: 'question' },
          { title: '回答', dataIndex: 'answer', ellipsis: true },
          {
            title: '處理',
            width: 140,
            render: (_value, row) => (
              <Space>
                <Button size="small" onClick={() => setEditing(row)}>
                  編輯
                </Button>
                <Popconfirm
                  title={FAQ_REMOVE_TEXTS.confirmTitle}
                  description={<div style={{ maxWidth: 320 }}>{FAQ_REMOVE_TEXTS.confirmDescription}</div>}
                  okText={FAQ_REMOVE_TEXTS.button}
                  okButtonProps={{ danger: true }}
                  cancelText="取消"
                  onConfirm={() =>
                    remove.mutate(row.id, {
                      onSuccess: () => void message.success(ADMIN_FAQ_REMOVED),
                      onError: (error) => void message.error(error.message),
                    })
                  }
                >
                  <Button size="small" danger aria-label={`${FAQ_REMOVE_TEXTS.button} ${row.question}`}>
                    {FAQ_REMOVE_TEXTS.button}
                  </Button>
                </Popconfirm>
              </Space>
            ),
          },
        ]}
      />
      <FaqModal key={editing === 'new' ? 'new' : (editing?.id ?? 'none')} editing={editing} onClose={() => setEditing(null)} />
    </Card>
  );
}

/** What the borrowers' app shows without a deploy: the LINE customer-service values, the home page's banners, notices and popups with schedules, and the FAQ. */
export default function ContentPage() {
  const line = useServiceLine();
  return (
    <Space direction="vertical" size="large" style={{ width: '100%' }}>
      <Card title="LINE 客服資訊（config/one line）">
        <Typography.Paragraph type="secondary">
          借款人點「聯絡客服」時顯示的 LINE 帳號與加入好友連結。儲存後各伺服器於 7 秒內提供新值（設定快取 5 秒與回應快取 2 秒）。
        </Typography.Paragraph>
        {line.data ? <ServiceLineForm values={line.data} /> : <Spin />}
      </Card>
      <Card title="首頁橫幅、公告與彈窗">
        <Alert
          type="info"
          showIcon
          style={{ marginBottom: 16 }}
          message="排程以台北時間設定：啟用且在開始與結束時間之間的項目才會出現在 App；開始或結束空白表示不限。"
        />
        <Tabs
          items={HOME_CONTENT_KINDS.map((kind) => ({
            key: kind,
            label: HOME_CONTENT_KIND_LABELS[kind],
            children: <ContentTable kind={kind} />,
          }))}
        />
      </Card>
      <FaqCard />
    </Space>
  );
}
