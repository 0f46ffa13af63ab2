import { MinusCircleOutlined, PlusOutlined } from '@ant-design/icons';
import {
  Alert,
  App,
  Button,
  Card,
  Drawer,
  Form,
  Input,
  InputNumber,
  Popconfirm,
  Select,
  Space,
  Spin,
  Switch,
  Table,
  Tag,
  Typography,
} from 'antd';
import { useState } from 'react';
import type { TAdminProduct, TProductForm, TProductVersionsResponse } from '@app/contract/admin/admin-config-schemas.ts';
import { formatDateTime, formatMoney } from '../../../shared/format.ts';
import { useProductCheck, useProducts, useProductVersions, useRetireProduct, useSaveProduct, type DraftCheck } from '../api/products.ts';

const METHOD_LABELS = { singleRepayment: '到期一次還本付息（天）', equalInstalments: '等額本息分期（月）' } as const;
const unitOf = (method: TProductForm['method']) => (method === 'singleRepayment' ? '天' : '個月');
/** The method without its unit (the terms column names the unit), for the products table. */
const methodShort = (method: TProductForm['method']) => METHOD_LABELS[method].replace(/（.*）$/, '');
/** NT$ 3,000–20,000: the range with one currency sign, to keep the column narrow. */
const amountRange = (min: number, max: number) => `${formatMoney(min)}–${max.toLocaleString('en-US')}`;

/**
 * The products table's columns in pixels (size middle: 8 px padding each side), which sum to
 * what a 1440 px screen leaves beside the menu (1440 − 208 menu − 2 × 24 page − 2 × 24 card);
 * below that the table scrolls sideways with the name and the actions held in place, never
 * wrapping a cell onto a second line.
 */
const PRODUCT_COLUMN_WIDTHS = {
  name: 140,
  method: 130,
  rate: 72,
  amount: 160,
  terms: 110,
  worstApr: 150,
  version: 80,
  state: 80,
  actions: 196,
} as const;
const PRODUCT_TABLE_WIDTH = Object.values(PRODUCT_COLUMN_WIDTHS).reduce((sum, width) => sum + width, 0);

/** What the form holds: the contract's product form with the terms typed as text (90 or 3, 6, 12). */
type FormValues = Omit<TProductForm, 'terms' | 'extension'> & {
  termsText: string;
  extensionOn: boolean;
  extension?: NonNullable<TProductForm['extension']>;
};

const EMPTY: FormValues = {
  name: '',
  method: 'singleRepayment',
  annualRatePercent: 12,
  amountMin: 3_000,
  amountMax: 20_000,
  amountStep: 1_000,
  termsText: '90',
  fees: [],
  extensionOn: false,
  extension: { periodDays: 30, maxCount: 2, feeFixed: 0, feePercentOfPrincipal: 0.25, windowDays: 7 },
  sortOrder: 0,
  enabled: true,
};

function toFormValues(form: TAdminProduct['form']): FormValues {
  return { ...form, termsText: form.terms.join(', '), extensionOn: form.extension !== null, extension: form.extension ?? EMPTY.extension };
}

const filled = (value: unknown) => typeof value === 'number' && Number.isFinite(value);

/** Whether every field the check needs holds a value (an empty number is being retyped). */
function complete(draft: TProductForm): boolean {
  const numbers = [
    draft.annualRatePercent,
    draft.amountMin,
    draft.amountMax,
    draft.amountStep,
    ...draft.terms,
    ...(draft.fees ?? []).flatMap((fee) => [fee.fixed, fee.percentOfPrincipal]),
  ];
  const extension = draft.extension
    ? [
        draft.extension.periodDays,
        draft.extension.maxCount,
        draft.extension.feeFixed,
        draft.extension.feePercentOfPrincipal,
        draft.extension.windowDays,
      ]
    : [];
  return draft.name.trim() !== '' && draft.terms.length > 0 && [...numbers, ...extension].every(filled);
}

/** The draft as the API reads it. */
function toDraft(values: FormValues): TProductForm {
  const { termsText, extensionOn, extension, ...rest } = values;
  const terms = termsText
    .split(/[,，、\s]+/)
    .filter((part) => part !== '')
    .map(Number);
  return {
    ...rest,
    fees: rest.fees ?? [],
    terms,
    extension: extensionOn && values.method === 'singleRepayment' ? (extension ?? null) : null,
  };
}

function CheckPanel({ check }: { check: DraftCheck }) {
  if (check.state === 'idle') return null;
  if (check.state === 'incomplete')
    return <Alert type="warning" showIcon message="請填寫名稱、年利率、金額與期限後即可試算總費用年百分率" />;
  if (check.state === 'checking') return <Alert type="info" showIcon message="依目前輸入試算總費用年百分率…" />;
  if (check.state === 'invalid') return <Alert type="warning" showIcon message={check.message} />;
  const { result } = check;
  const worstLine = (label: string, worst: { amount: number; term: number; aprPercent: number } | null) =>
    worst ? `${label}：${worst.aprPercent.toFixed(2)}%（金額 ${formatMoney(worst.amount)}、期限 ${worst.term}）` : null;
  const lines = [worstLine('最高總費用年百分率', result.worst), worstLine('展期後最高', result.worstExtended)].filter(
    (line) => line !== null,
  );
  if (result.problems.length > 0) {
    return (
      <Alert
        type="error"
        showIcon
        role="alert"
        message={`不可儲存：超過法定上限 ${result.capPercent}% 或設定不符規定`}
        description={
          <ul style={{ margin: 0, paddingLeft: 20 }}>
            {result.problems.map((problem) => (
              <li key={problem}>{problem}</li>
            ))}
          </ul>
        }
      />
    );
  }
  return (
    <Alert
      type="success"
      showIcon
      message={`可儲存：未超過上限 ${result.capPercent}%`}
      description={lines.join('；')}
      data-testid="product-check"
    />
  );
}

function ProductDrawer({ editing, onClose }: { editing: TAdminProduct | 'new' | null; onClose: () => void }) {
  const [form] = Form.useForm<FormValues>();
  const save = useSaveProduct();
  const { message } = App.useApp();
  const initial = editing === 'new' || editing === null ? EMPTY : toFormValues(editing.form);
  const [draft, setDraft] = useState<TProductForm | null>(editing === null ? null : toDraft(initial));
  const asked = draft === null ? null : complete(draft) ? draft : 'incomplete';
  const check = useProductCheck(asked);
  const method = Form.useWatch('method', form) ?? initial.method;
  const extensionOn = Form.useWatch('extensionOn', form) ?? initial.extensionOn;
  const savable = check.state === 'checked' && check.result.problems.length === 0;
  const id = editing === 'new' || editing === null ? null : editing.id;

  return (
    <Drawer
      open={editing !== null}
      width={640}
      title={
        id === null ? '新增貸款產品' : `編輯「${initial.name}」（第 ${editing === 'new' || editing === null ? 1 : editing.version} 版）`
      }
      onClose={onClose}
      destroyOnClose
      footer={
        <Space style={{ justifyContent: 'flex-end', width: '100%' }}>
          <Button onClick={onClose}>取消</Button>
          <Button type="primary" disabled={!savable} loading={save.isPending} onClick={() => form.submit()}>
            儲存產品
          </Button>
        </Space>
      }
    >
      <Typography.Paragraph type="secondary">
        變更只適用於新的申請：已成立的訂單保留其申請時的產品版本與條件。每次輸入後即以與借款人試算相同的方式，計算所有金額與期限中最高的總費用年百分率。
      </Typography.Paragraph>
      <Form<FormValues>
        form={form}
        layout="vertical"
        initialValues={initial}
        onValuesChange={(_changed, values) => setDraft(toDraft(values))}
        onFinish={(values) =>
          save.mutate(
            { id, form: toDraft(values) },
            {
              onSuccess: (saved) => {
                void message.success(`已儲存為第 ${saved.version} 版，適用於新的申請`);
                onClose();
              },
            },
          )
        }
      >
        <Form.Item name="name" label="產品名稱" rules={[{ required: true, max: 40 }]}>
          <Input />
        </Form.Item>
        <Space size="large" wrap>
          <Form.Item name="method" label="計息方式">
            <Select style={{ width: 240 }} options={Object.entries(METHOD_LABELS).map(([value, label]) => ({ value, label }))} />
          </Form.Item>
          <Form.Item name="annualRatePercent" label="年利率（%）">
            <InputNumber min={0} max={100} step={0.01} style={{ width: 140 }} />
          </Form.Item>
        </Space>
        <Space size="large" wrap>
          <Form.Item name="amountMin" label="最低金額（元）">
            <InputNumber min={1} step={1_000} style={{ width: 150 }} />
          </Form.Item>
          <Form.Item name="amountMax" label="最高金額（元）">
            <InputNumber min={1} step={1_000} style={{ width: 150 }} />
          </Form.Item>
          <Form.Item name="amountStep" label="金額級距（元）">
            <InputNumber min={1} step={100} style={{ width: 150 }} />
          </Form.Item>
        </Space>
        <Form.Item name="termsText" label={`借款期限（${unitOf(method)}，多個以逗號分隔）`}>
          <Input style={{ width: 300 }} />
        </Form.Item>
        <Typography.Text strong>費用（於第一期應繳，計入總費用年百分率）</Typography.Text>
        <Form.List name="fees">
          {(fields, { add, remove }) => (
            <>
              {fields.map((field, index) => (
                <Space key={field.key} align="baseline">
                  <Form.Item name={[field.name, 'name']} label={`費用 ${index + 1} 名稱`}>
                    <Input style={{ width: 130 }} />
                  </Form.Item>
                  <Form.Item name={[field.name, 'fixed']} label="固定（元）">
                    <InputNumber min={0} style={{ width: 110 }} />
                  </Form.Item>
                  <Form.Item name={[field.name, 'percentOfPrincipal']} label="本金比例（%）">
                    <InputNumber min={0} max={100} step={0.01} style={{ width: 110 }} />
                  </Form.Item>
                  <MinusCircleOutlined aria-label="移除費用" onClick={() => remove(field.name)} />
                </Space>
              ))}
              <Form.Item>
                <Button
                  type="dashed"
                  icon={<PlusOutlined />}
                  disabled={fields.length >= 5}
                  onClick={() => add({ code: `fee${fields.length + 1}`, name: '手續費', fixed: 0, percentOfPrincipal: 0 })}
                >
                  新增費用
                </Button>
              </Form.Item>
            </>
          )}
        </Form.List>
        {method === 'singleRepayment' ? (
          <>
            <Form.Item name="extensionOn" label="可展期" valuePropName="checked">
              <Switch />
            </Form.Item>
            {extensionOn ? (
              <Space size="large" wrap>
                <Form.Item name={['extension', 'periodDays']} label="每次展期天數">
                  <InputNumber min={1} max={365} />
                </Form.Item>
                <Form.Item name={['extension', 'maxCount']} label="最多展期次數">
                  <InputNumber min={1} max={12} />
                </Form.Item>
                <Form.Item name={['extension', 'feePercentOfPrincipal']} label="展期費（本金 %）">
                  <InputNumber min={0} max={100} step={0.01} />
                </Form.Item>
                <Form.Item name={['extension', 'feeFixed']} label="展期費（固定元）">
                  <InputNumber min={0} />
                </Form.Item>
                <Form.Item name={['extension', 'windowDays']} label="到期前幾天可申請">
                  <InputNumber min={0} max={60} />
                </Form.Item>
              </Space>
            ) : null}
          </>
        ) : null}
        <Space size="large">
          <Form.Item name="sortOrder" label="排序（小的在前）">
            <InputNumber min={0} max={1000} />
          </Form.Item>
          <Form.Item name="enabled" label="上架" valuePropName="checked">
            <Switch />
          </Form.Item>
        </Space>
      </Form>
      <CheckPanel check={check} />
    </Drawer>
  );
}

function VersionsDrawer({ product, onClose }: { product: TAdminProduct | null; onClose: () => void }) {
  const versions = useProductVersions(product?.id ?? null);
  type Row = TProductVersionsResponse['items'][number];
  return (
    <Drawer open={product !== null} width={880} title={`「${product?.form.name ?? ''}」的版本紀錄`} onClose={onClose}>
      <Table<Row>
        rowKey="version"
        loading={versions.isPending}
        dataSource={versions.data?.items ?? []}
        pagination={false}
        columns={[
          { title: '版本', dataIndex: 'version', render: (version: number) => `第 ${version} 版` },
          { title: '名稱', render: (_value, row) => row.form.name },
          { title: '年利率', render: (_value, row) => `${row.form.annualRatePercent}%` },
          { title: '金額', render: (_value, row) => `${formatMoney(row.form.amountMin)} – ${formatMoney(row.form.amountMax)}` },
          { title: '期限', render: (_value, row) => `${row.form.terms.join('／')} ${unitOf(row.form.method)}` },
          {
            title: '費用',
            render: (_value, row) =>
              row.form.fees.length === 0
                ? '無'
                : row.form.fees.map((fee) => `${fee.name} ${fee.fixed} 元 + ${fee.percentOfPrincipal}%`).join('、'),
          },
          { title: '狀態', render: (_value, row) => (row.form.enabled ? <Tag color="green">上架</Tag> : <Tag>下架</Tag>) },
          { title: '訂單數', dataIndex: 'orders' },
          { title: '修改者', dataIndex: 'changedBy' },
          { title: '時間', dataIndex: 'createdAt', render: formatDateTime },
        ]}
      />
    </Drawer>
  );
}

/** Loan products (administrators only): create, edit and retire, the APR cap checked as the operator types; each save a new version. */
export default function ProductsPage() {
  const products = useProducts();
  const retire = useRetireProduct();
  const [editing, setEditing] = useState<TAdminProduct | 'new' | null>(null);
  const [history, setHistory] = useState<TAdminProduct | null>(null);
  if (!products.data) return <Spin />;
  return (
    <Card
      title="貸款產品"
      extra={
        <Button type="primary" onClick={() => setEditing('new')}>
          新增產品
        </Button>
      }
    >
      <Typography.Paragraph type="secondary">
        總費用年百分率上限 {products.data.capPercent}%：超過上限的產品無法儲存。變更只適用於新的申請。
      </Typography.Paragraph>
      <Table<TAdminProduct>
        rowKey="id"
        size="middle"
        dataSource={products.data.items}
        pagination={false}
        tableLayout="fixed"
        scroll={{ x: PRODUCT_TABLE_WIDTH }}
        columns={[
          {
            title: '名稱',
            key: 'name',
            width: PRODUCT_COLUMN_WIDTHS.name,
            fixed: 'left',
            ellipsis: { showTitle: true },
            render: (_value, row) => row.form.name,
          },
          { title: '計息方式', key: 'method', width: PRODUCT_COLUMN_WIDTHS.method, render: (_value, row) => methodShort(row.form.method) },
          { title: '年利率', key: 'rate', width: PRODUCT_COLUMN_WIDTHS.rate, render: (_value, row) => `${row.form.annualRatePercent}%` },
          {
            title: '金額',
            key: 'amount',
            width: PRODUCT_COLUMN_WIDTHS.amount,
            render: (_value, row) => amountRange(row.form.amountMin, row.form.amountMax),
          },
          {
            title: '期限',
            key: 'terms',
            width: PRODUCT_COLUMN_WIDTHS.terms,
            ellipsis: { showTitle: true },
            render: (_value, row) => `${row.form.terms.join('／')} ${unitOf(row.form.method)}`,
          },
          {
            title: '最高總費用年百分率',
            dataIndex: 'worstAprPercent',
            width: PRODUCT_COLUMN_WIDTHS.worstApr,
            align: 'right',
            render: (apr: number | null) => (apr === null ? '—' : `${apr.toFixed(2)}%`),
          },
          {
            title: '版本',
            dataIndex: 'version',
            width: PRODUCT_COLUMN_WIDTHS.version,
            render: (version: number) => `第 ${version} 版`,
          },
          {
            title: '狀態',
            key: 'state',
            width: PRODUCT_COLUMN_WIDTHS.state,
            render: (_value, row) => (row.form.enabled ? <Tag color="green">上架中</Tag> : <Tag>已下架</Tag>),
          },
          {
            title: '處理',
            key: 'actions',
            width: PRODUCT_COLUMN_WIDTHS.actions,
            fixed: 'right',
            render: (_value, row) => (
              <Space size={4}>
                <Button size="small" onClick={() => setEditing(row)} aria-label={`編輯 ${row.form.name}`}>
                  編輯
                </Button>
                <Button size="small" onClick={() => setHistory(row)}>
                  版本紀錄
                </Button>
                {row.form.enabled ? (
                  <Popconfirm
                    title="下架後新的申請不再提供此產品；已成立的訂單不受影響。確定下架？"
                    okText="下架"
                    cancelText="取消"
                    onConfirm={() => retire.mutate(row.id)}
                  >
                    <Button size="small" danger>
                      下架
                    </Button>
                  </Popconfirm>
                ) : null}
              </Space>
            ),
          },
        ]}
      />
      {editing !== null ? (
        <ProductDrawer
          key={editing === 'new' ? 'new' : `${editing.id}:${editing.version}`}
          editing={editing}
          onClose={() => setEditing(null)}
        />
      ) : null}
      <VersionsDrawer product={history} onClose={() => setHistory(null)} />
    </Card>
  );
}
