import { Alert, App, Button, Card, Form, Input, InputNumber, Space, Spin, Switch, Table, Tag, Typography } from 'antd';
import { useState } from 'react';
import {
  DECISION_POLICY_CARD_TITLE,
  DECISION_POLICY_COLUMNS,
  DECISION_POLICY_DAYS_UNIT,
  DECISION_POLICY_HISTORY,
  DECISION_POLICY_INTRO,
  DECISION_POLICY_LABELS,
  DECISION_POLICY_MANUAL_REVIEW_SWITCH,
  DECISION_POLICY_NO_MANUAL_REVIEW,
  DECISION_POLICY_NONE,
  DECISION_POLICY_SAVE,
  DECISION_POLICY_SAVED,
  DECISION_POLICY_SHORT_LABELS,
  DECISION_POLICY_VERSION,
  decisionPolicyAmountRange,
  decisionPolicyDaysRange,
  POLICY_PAGE_TITLE,
  REMINDER_PLACEHOLDER_LABELS,
  REMINDER_TEMPLATE_IS_DEFAULT,
  REMINDER_TEMPLATE_LABELS,
  REMINDER_TEMPLATE_PLACEHOLDERS,
  REMINDER_TEMPLATE_PREVIEW,
  REMINDER_TEMPLATE_RESET,
  REMINDER_TEMPLATE_SAVE,
  REMINDER_TEMPLATE_SAVED,
  REMINDER_TEMPLATE_SAVED_BY,
  REMINDER_TEMPLATES_CARD_TITLE,
  REMINDER_TEMPLATES_INTRO,
  reminderTemplateCount,
} from '@app/contract/admin/admin-policy-messages.ts';
import {
  DECISION_POLICY_LIMITS,
  type TDecisionPolicyResponse,
  type TDecisionPolicyVersion,
  type TReminderTemplate,
} from '@app/contract/admin/admin-policy-schemas.ts';
import {
  checkReminderTemplate,
  MAX_REMINDER_SEGMENTS,
  MAX_REMINDER_TEMPLATE_LENGTH,
  REMINDER_PLACEHOLDERS,
  REQUIRED_REMINDER_PLACEHOLDERS,
} from '@app/contract/reminder-template.ts';
import { formatDateTime, formatMoney } from '../../../shared/format.ts';
import { useDecisionPolicy, useSaveDecisionPolicy } from '../api/decision-policy.ts';
import { useReminderTemplates, useSaveReminderTemplate } from '../api/reminder-templates.ts';

interface PolicyFormValues {
  manualReviewOn: boolean;
  manualReviewAbove: number | null;
  secondApprovalAbove: number | null;
  coolDownDays: number | null;
}

/** 50000 → 50,000 as typed; an empty field stays empty. */
const dollars = (value: number | string | undefined) => (value === undefined || value === '' ? '' : Number(value).toLocaleString('en-US'));
/** What the field holds: the digits typed (the separators dropped); nothing typed is nothing. */
const wholeNumber = (text: string | undefined) => {
  const digits = (text ?? '').replace(/[^\d.-]/g, '');
  return digits === '' ? (null as unknown as number) : Number(digits);
};

/** A whole-dollar field's check, in the contract's words (the server refuses the same). */
const amountRule = (key: 'manualReviewAbove' | 'secondApprovalAbove') => {
  const { min, max } = DECISION_POLICY_LIMITS[key];
  const message = decisionPolicyAmountRange(DECISION_POLICY_SHORT_LABELS[key], min, max);
  return {
    validator: (_rule: unknown, value: number | null | undefined) =>
      typeof value === 'number' && Number.isInteger(value) && value >= min && value <= max
        ? Promise.resolve()
        : Promise.reject(new Error(message)),
  };
};
const daysRule = {
  validator: (_rule: unknown, value: number | null | undefined) => {
    const { min, max } = DECISION_POLICY_LIMITS.coolDownDays;
    return typeof value === 'number' && Number.isInteger(value) && value >= min && value <= max
      ? Promise.resolve()
      : Promise.reject(new Error(decisionPolicyDaysRange(min, max)));
  },
};

function DecisionPolicyForm({ policy }: { policy: TDecisionPolicyResponse }) {
  const save = useSaveDecisionPolicy();
  const { message } = App.useApp();
  const [form] = Form.useForm<PolicyFormValues>();
  const manualReviewOn = Form.useWatch('manualReviewOn', form) ?? policy.current.manualReviewAbove !== null;
  const { current } = policy;
  return (
    <Form<PolicyFormValues>
      form={form}
      layout="vertical"
      style={{ maxWidth: 640 }}
      initialValues={{
        manualReviewOn: current.manualReviewAbove !== null,
        manualReviewAbove: current.manualReviewAbove,
        secondApprovalAbove: current.secondApprovalAbove,
        coolDownDays: current.coolDownDays,
      }}
      onFinish={(values) =>
        save.mutate(
          {
            manualReviewAbove: values.manualReviewOn ? values.manualReviewAbove : null,
            secondApprovalAbove: values.secondApprovalAbove ?? 0,
            coolDownDays: values.coolDownDays ?? 0,
          },
          { onSuccess: () => void message.success(DECISION_POLICY_SAVED) },
        )
      }
    >
      <Form.Item label={DECISION_POLICY_LABELS.manualReviewAbove} required={manualReviewOn}>
        <Space align="start">
          <Form.Item name="manualReviewOn" valuePropName="checked" noStyle>
            <Switch aria-label={DECISION_POLICY_MANUAL_REVIEW_SWITCH} />
          </Form.Item>
          {manualReviewOn ? (
            <Form.Item name="manualReviewAbove" rules={[amountRule('manualReviewAbove')]} style={{ marginBottom: 0 }}>
              <InputNumber<number>
                aria-label={DECISION_POLICY_SHORT_LABELS.manualReviewAbove}
                prefix="NT$"
                step={1_000}
                style={{ width: 220 }}
                formatter={dollars}
                parser={wholeNumber}
              />
            </Form.Item>
          ) : (
            <Typography.Text type="secondary">{DECISION_POLICY_NO_MANUAL_REVIEW}</Typography.Text>
          )}
        </Space>
      </Form.Item>
      <Form.Item name="secondApprovalAbove" label={DECISION_POLICY_LABELS.secondApprovalAbove} rules={[amountRule('secondApprovalAbove')]}>
        <InputNumber<number>
          aria-label={DECISION_POLICY_SHORT_LABELS.secondApprovalAbove}
          prefix="NT$"
          step={1_000}
          style={{ width: 220 }}
          formatter={dollars}
          parser={wholeNumber}
        />
      </Form.Item>
      <Form.Item name="coolDownDays" label={DECISION_POLICY_LABELS.coolDownDays} rules={[daysRule]}>
        <InputNumber<number>
          aria-label={DECISION_POLICY_SHORT_LABELS.coolDownDays}
          addonAfter={DECISION_POLICY_DAYS_UNIT}
          style={{ width: 160 }}
        />
      </Form.Item>
      <Space direction="vertical">
        <Typography.Text type="secondary" data-testid="policy-version">
          {DECISION_POLICY_VERSION.replace('{version}', String(current.version))
            .replace('{savedBy}', current.savedBy)
            .replace('{savedAt}', formatDateTime(current.savedAt))}
        </Typography.Text>
        <Button type="primary" htmlType="submit" loading={save.isPending}>
          {DECISION_POLICY_SAVE}
        </Button>
      </Space>
    </Form>
  );
}

function PolicyHistory({ versions }: { versions: TDecisionPolicyVersion[] }) {
  return (
    <Table<TDecisionPolicyVersion>
      rowKey="version"
      size="small"
      pagination={false}
      dataSource={versions}
      columns={[
        { title: DECISION_POLICY_COLUMNS.version, dataIndex: 'version', width: 80 },
        {
          title: DECISION_POLICY_SHORT_LABELS.manualReviewAbove,
          dataIndex: 'manualReviewAbove',
          render: (value: number | null) => (value === null ? DECISION_POLICY_NONE : formatMoney(value)),
        },
        { title: DECISION_POLICY_SHORT_LABELS.secondApprovalAbove, dataIndex: 'secondApprovalAbove', render: formatMoney },
        {
          title: DECISION_POLICY_SHORT_LABELS.coolDownDays,
          dataIndex: 'coolDownDays',
          render: (days: number) => `${days} ${DECISION_POLICY_DAYS_UNIT}`,
        },
        { title: DECISION_POLICY_COLUMNS.savedBy, dataIndex: 'savedBy' },
        { title: DECISION_POLICY_COLUMNS.savedAt, dataIndex: 'savedAt', render: formatDateTime },
      ]}
    />
  );
}

function DecisionPolicyCard() {
  const policy = useDecisionPolicy();
  return (
    <Card title={DECISION_POLICY_CARD_TITLE}>
      <Typography.Paragraph type="secondary">{DECISION_POLICY_INTRO}</Typography.Paragraph>
      {policy.data ? (
        <Space direction="vertical" size="large" style={{ width: '100%' }}>
          <DecisionPolicyForm key={policy.data.current.version} policy={policy.data} />
          <div>
            <Typography.Title level={5}>{DECISION_POLICY_HISTORY}</Typography.Title>
            <PolicyHistory versions={policy.data.versions} />
          </div>
        </Space>
      ) : (
        <Spin />
      )}
    </Card>
  );
}

/** One template's editor: the text, its length as SMS while typing, the problems the server would refuse, and a preview. */
function ReminderTemplateEditor({ template }: { template: TReminderTemplate }) {
  const save = useSaveReminderTemplate();
  const { message } = App.useApp();
  const [text, setText] = useState(template.text);
  const kind = template.reminder;
  const check = checkReminderTemplate(kind, text);
  const label = REMINDER_TEMPLATE_LABELS[kind];
  const over = check.worstSegments > MAX_REMINDER_SEGMENTS;
  return (
    <Card type="inner" title={label} data-testid={`reminder-${kind}`}>
      <Space direction="vertical" size="middle" style={{ width: '100%' }}>
        <div>
          <Typography.Text type="secondary">{REMINDER_TEMPLATE_PLACEHOLDERS}：</Typography.Text>
          {REMINDER_PLACEHOLDERS[kind].map((name) => (
            <Tag
              key={name}
              color={REQUIRED_REMINDER_PLACEHOLDERS.includes(name) ? 'blue' : undefined}
              style={{ cursor: 'pointer' }}
              onClick={() => setText((value) => `${value}{${name}}`)}
            >
              {`{${name}}`} {REMINDER_PLACEHOLDER_LABELS[name]}
            </Tag>
          ))}
        </div>
        <Input.TextArea
          aria-label={label}
          value={text}
          maxLength={MAX_REMINDER_TEMPLATE_LENGTH}
          autoSize={{ minRows: 3, maxRows: 6 }}
          onChange={(event) => setText(event.target.value)}
        />
        <Typography.Text type={over ? 'danger' : 'secondary'} data-testid={`reminder-${kind}-count`}>
          {reminderTemplateCount(check.count, check.segments, check.worstCount, check.worstSegments, MAX_REMINDER_SEGMENTS)}
        </Typography.Text>
        {check.problems.length > 0 ? (
          <Alert
            type="error"
            showIcon
            role="alert"
            message={
              <ul style={{ margin: 0, paddingInlineStart: 20 }}>
                {check.problems.map((problem) => (
                  <li key={problem}>{problem}</li>
                ))}
              </ul>
            }
          />
        ) : null}
        <div>
          <Typography.Text strong>{REMINDER_TEMPLATE_PREVIEW}</Typography.Text>
          <div
            data-testid={`reminder-${kind}-preview`}
            style={{ marginTop: 8, padding: '10px 14px', background: '#f5f7fa', borderRadius: 12, maxWidth: 520, whiteSpace: 'pre-wrap' }}
          >
            {check.preview}
          </div>
        </div>
        <Space wrap>
          <Button
            type="primary"
            disabled={check.problems.length > 0 || text.trim() === template.text}
            loading={save.isPending}
            onClick={() => save.mutate({ reminder: kind, text }, { onSuccess: () => void message.success(REMINDER_TEMPLATE_SAVED) })}
          >
            {REMINDER_TEMPLATE_SAVE}
          </Button>
          <Button disabled={text === template.defaultText} onClick={() => setText(template.defaultText)}>
            {REMINDER_TEMPLATE_RESET}
          </Button>
          <Typography.Text type="secondary">
            {template.savedAt && template.savedBy
              ? REMINDER_TEMPLATE_SAVED_BY.replace('{savedBy}', template.savedBy).replace('{savedAt}', formatDateTime(template.savedAt))
              : REMINDER_TEMPLATE_IS_DEFAULT}
          </Typography.Text>
        </Space>
      </Space>
    </Card>
  );
}

function ReminderTemplatesCard() {
  const templates = useReminderTemplates();
  return (
    <Card title={REMINDER_TEMPLATES_CARD_TITLE}>
      <Typography.Paragraph type="secondary">{REMINDER_TEMPLATES_INTRO}</Typography.Paragraph>
      {templates.data ? (
        <Space direction="vertical" size="large" style={{ width: '100%' }}>
          {templates.data.items.map((template) => (
            <ReminderTemplateEditor key={`${template.reminder}:${template.savedAt ?? 'default'}`} template={template} />
          ))}
        </Space>
      ) : (
        <Spin />
      )}
    </Card>
  );
}

/** What an administrator tunes without a deploy: the decision engine's thresholds and the SMS reminders' texts. */
export default function PoliciesPage() {
  return (
    <Space direction="vertical" size="large" style={{ width: '100%' }}>
      <Typography.Title level={4} style={{ margin: 0 }}>
        {POLICY_PAGE_TITLE}
      </Typography.Title>
      <DecisionPolicyCard />
      <ReminderTemplatesCard />
    </Space>
  );
}
