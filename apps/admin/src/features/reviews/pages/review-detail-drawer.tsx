import { App, Button, Descriptions, Drawer, Form, Image, Input, Radio, Select, Space, Spin, Table, Tag, Typography } from 'antd';
import { ADMIN_FIRST_APPROVAL_RECORDED, REVIEW_APPROVE_REASONS, REVIEW_REFUSE_REASONS } from '@app/contract/admin/admin-messages.ts';
import { ADMIN_ROUTES } from '@app/contract/admin/admin-routes.ts';
import type { TReviewDecisionRequest, TReviewDetailResponse } from '@app/contract/admin/admin-schemas.ts';
import { DECISION_REFUSAL_REASONS } from '@app/contract/messages/decisions.ts';
import { adminImageUrl } from '../../../shared/api/admin-request.ts';
import { formatBirthDate, formatDateTime, formatMoney } from '../../../shared/format.ts';
import { termText } from '@app/contract/messages/order-pages.ts';
import { useDecideReview, useReviewDetail } from '../api/reviews.ts';
import { FaceAttemptsSection } from '../components/face-attempts-section.tsx';
import { MANUAL_REVIEW_REASONS, ruleLabel } from '../rule-labels.ts';

const OUTCOME_TAGS: Record<string, { color: string; label: string }> = {
  passed: { color: 'green', label: '通過' },
  refused: { color: 'red', label: '不通過' },
  manualReview: { color: 'orange', label: '待人工審核' },
};

const FIELD_LABELS = { name: '姓名', idNumber: '身分證字號', birthDate: '出生日期', gender: '性別' } as const;
const GENDER_LABELS: Record<string, string> = { male: '男', female: '女' };

function comparisonRows(detail: TReviewDetailResponse) {
  return (Object.keys(FIELD_LABELS) as Array<keyof typeof FIELD_LABELS>).map((field) => {
    const typed = detail.typed[field];
    const read = detail.ocr?.[field] ?? null;
    const show = (value: string | null) => {
      if (value === null) return '—';
      if (field === 'gender') return GENDER_LABELS[value] ?? value;
      return field === 'birthDate' ? formatBirthDate(value) : value;
    };
    const same = field === 'idNumber' ? detail.ocr?.idNumberMatches : read === null ? null : typed === read;
    return {
      field,
      label: FIELD_LABELS[field],
      typed: show(typed),
      read: show(read),
      same,
      corrected: detail.ocr?.correctedFields.includes(field) ?? false,
    };
  });
}

interface DecisionValues {
  verdict: 'approve' | 'refuse';
  reasonCode: string;
  note?: string;
}

function DecisionForm({ detail, onDone }: { detail: TReviewDetailResponse; onDone: () => void }) {
  const { message } = App.useApp();
  const decide = useDecideReview(detail.order.orderId);
  const [form] = Form.useForm<DecisionValues>();
  const verdict = Form.useWatch('verdict', form);
  const reasons = verdict === 'refuse' ? REVIEW_REFUSE_REASONS : REVIEW_APPROVE_REASONS;
  return (
    <Form<DecisionValues>
      form={form}
      layout="vertical"
      initialValues={{ verdict: 'approve', reasonCode: 'documentsVerified' }}
      onValuesChange={(changed: Partial<DecisionValues>) => {
        if (changed.verdict) form.setFieldValue('reasonCode', changed.verdict === 'approve' ? 'documentsVerified' : undefined);
      }}
      onFinish={(values) =>
        decide.mutate({ ...values, note: values.note ?? '' } as TReviewDecisionRequest, {
          onSuccess: (result) => {
            void message.success(
              result.outcome === 'awaitingSecondApproval'
                ? ADMIN_FIRST_APPROVAL_RECORDED
                : result.outcome === 'approved'
                  ? `已核准，訂單狀態：${result.orderState}`
                  : `已拒絕，訂單狀態：${result.orderState}`,
            );
            onDone();
          },
        })
      }
    >
      <Form.Item name="verdict" label="審核決定">
        <Radio.Group
          optionType="button"
          buttonStyle="solid"
          options={[
            { value: 'approve', label: '核准' },
            { value: 'refuse', label: '拒絕' },
          ]}
        />
      </Form.Item>
      <Form.Item name="reasonCode" label="原因" rules={[{ required: true, message: '請選擇原因' }]}>
        <Select aria-label="原因" options={Object.entries(reasons).map(([value, label]) => ({ value, label }))} placeholder="請選擇原因" />
      </Form.Item>
      <Form.Item name="note" label="備註">
        <Input.TextArea rows={2} maxLength={500} />
      </Form.Item>
      <Button type="primary" htmlType="submit" loading={decide.isPending} danger={verdict === 'refuse'}>
        送出審核決定
      </Button>
    </Form>
  );
}

/** One application in full: rules, typed vs read, the face attempts with their frames, photos, and the verdict. */
export function ReviewDetailDrawer({ orderId, onClose }: { orderId: number | null; onClose: () => void }) {
  const detail = useReviewDetail(orderId);
  const data = detail.data;
  const image = (name: 'idFront' | 'idBack' | 'selfie') => adminImageUrl(ADMIN_ROUTES.reviewImage, { orderId: orderId ?? 0, image: name });
  return (
    <Drawer
      open={orderId !== null}
      onClose={onClose}
      width={880}
      title={data ? `審核申請 ${data.order.orderNo}` : '審核申請'}
      destroyOnHidden
    >
      {!data ? (
        <Spin />
      ) : (
        <Space direction="vertical" size="large" style={{ width: '100%' }}>
          <Descriptions size="small" bordered column={2}>
            <Descriptions.Item label="申請人">{data.order.borrowerName}</Descriptions.Item>
            <Descriptions.Item label="產品">{data.order.productName}</Descriptions.Item>
            <Descriptions.Item label="申請金額">{formatMoney(data.order.principal)}</Descriptions.Item>
            <Descriptions.Item label="期間">{termText(data.order.term, data.order.termUnit)}</Descriptions.Item>
            <Descriptions.Item label="總費用年百分率">{data.order.apr === null ? '—' : `${data.order.apr}%`}</Descriptions.Item>
            <Descriptions.Item label="申請時間">{formatDateTime(data.order.createdAt)}</Descriptions.Item>
            <Descriptions.Item label="覆核" span={2}>
              {data.order.needsSecondApproval
                ? data.order.firstApprovalBy
                  ? `已由 ${data.order.firstApprovalBy} 第一位核准，待另一位審核人員覆核`
                  : '金額超過覆核門檻，核准需兩位審核人員'
                : '不需覆核'}
            </Descriptions.Item>
          </Descriptions>

          <div>
            <Typography.Title level={5}>決策規則結果</Typography.Title>
            <Table
              size="small"
              pagination={false}
              rowKey="rule"
              dataSource={data.outcomes}
              columns={[
                { title: '規則', dataIndex: 'rule', render: ruleLabel },
                {
                  title: '結果',
                  dataIndex: 'outcome',
                  render: (outcome: string) => <Tag color={OUTCOME_TAGS[outcome]?.color}>{OUTCOME_TAGS[outcome]?.label ?? outcome}</Tag>,
                },
                {
                  title: '說明',
                  dataIndex: 'rule',
                  key: 'reason',
                  // Only what stopped the rule: a refusal's reason, or why staff must decide.
                  render: (rule: string, row) =>
                    row.outcome === 'refused'
                      ? ((DECISION_REFUSAL_REASONS as Record<string, string>)[rule] ?? '')
                      : row.outcome === 'manualReview'
                        ? (MANUAL_REVIEW_REASONS[rule] ?? '需由審核人員判定')
                        : '',
                },
              ]}
            />
          </div>

          <div>
            <Typography.Title level={5}>填寫資料與證件辨識</Typography.Title>
            <Table
              size="small"
              pagination={false}
              rowKey="field"
              dataSource={comparisonRows(data)}
              columns={[
                { title: '欄位', dataIndex: 'label' },
                { title: '申請人填寫', dataIndex: 'typed' },
                { title: '證件辨識 (OCR)', dataIndex: 'read' },
                {
                  title: '比對',
                  dataIndex: 'same',
                  render: (same: boolean | null, row) => (
                    <Space>
                      {same === null ? <Tag>未辨識</Tag> : same ? <Tag color="green">一致</Tag> : <Tag color="red">不一致</Tag>}
                      {row.corrected ? <Tag color="orange">申請人已修正</Tag> : null}
                    </Space>
                  ),
                },
              ]}
            />
          </div>

          <FaceAttemptsSection orderId={data.order.orderId} />

          <div>
            <Typography.Title level={5}>證件與自拍照</Typography.Title>
            <Image.PreviewGroup>
              <Space>
                {data.images.idFront ? <Image width={220} src={image('idFront')} alt="身分證正面" /> : null}
                {data.images.idBack ? <Image width={220} src={image('idBack')} alt="身分證反面" /> : null}
                {data.images.selfie ? <Image width={160} src={image('selfie')} alt="自拍照" /> : null}
              </Space>
            </Image.PreviewGroup>
          </div>

          <div>
            <Typography.Title level={5}>審核決定</Typography.Title>
            <DecisionForm detail={data} onDone={onClose} />
          </div>
        </Space>
      )}
    </Drawer>
  );
}
