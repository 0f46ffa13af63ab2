import { Button, Card, DatePicker, Form, Input, Select, Space, Table, Typography } from 'antd';
import { AUDIT_ACTION_LABELS } from '@app/contract/admin/admin-messages.ts';
import type { TAuditListResponse, TAuditQuery } from '@app/contract/admin/admin-schemas.ts';
import type { Dayjs } from 'dayjs';
import { useState } from 'react';
import { DATE_INPUT_FORMAT, formatDateTime } from '../../../shared/format.ts';
import { useAudit } from '../api/audit.ts';

type Entry = TAuditListResponse['items'][number];

interface FilterValues {
  operator?: string;
  action?: TAuditQuery['action'];
  target?: string;
  days?: [Dayjs, Dayjs] | null;
}

const json = (value: unknown) =>
  value === null || value === undefined ? (
    '—'
  ) : (
    <Typography.Text code style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-all' }}>
      {JSON.stringify(value)}
    </Typography.Text>
  );

/** The audit trail: who did what, when, on what, before and after; filtered, newest first. */
export default function AuditPage() {
  const [query, setQuery] = useState<TAuditQuery>({ page: 1 });
  const audit = useAudit(query);
  return (
    <Card title="操作紀錄">
      <Form<FilterValues>
        layout="inline"
        style={{ marginBottom: 16, rowGap: 8 }}
        onFinish={(values) =>
          setQuery({
            page: 1,
            operator: values.operator?.trim() || undefined,
            action: values.action,
            target: values.target?.trim() || undefined,
            from: values.days?.[0].format('YYYY-MM-DD'),
            to: values.days?.[1].format('YYYY-MM-DD'),
          })
        }
      >
        <Form.Item name="operator" label="操作人員">
          <Input allowClear style={{ width: 160 }} />
        </Form.Item>
        <Form.Item name="action" label="操作項目">
          <Select
            allowClear
            style={{ width: 180 }}
            aria-label="操作項目"
            options={Object.entries(AUDIT_ACTION_LABELS).map(([value, label]) => ({ value, label }))}
          />
        </Form.Item>
        <Form.Item name="target" label="對象">
          <Input allowClear placeholder="order:… / transfer:…" style={{ width: 200 }} />
        </Form.Item>
        <Form.Item name="days" label="日期">
          <DatePicker.RangePicker format={DATE_INPUT_FORMAT} />
        </Form.Item>
        <Space>
          <Button type="primary" htmlType="submit">
            查詢
          </Button>
        </Space>
      </Form>
      <Table<Entry>
        rowKey="id"
        size="middle"
        loading={audit.isFetching}
        dataSource={audit.data?.items ?? []}
        pagination={{
          current: query.page ?? 1,
          pageSize: audit.data?.pageSize ?? 50,
          total: audit.data?.total ?? 0,
          showSizeChanger: false,
          onChange: (page) => setQuery((current) => ({ ...current, page })),
        }}
        columns={[
          { title: '時間', dataIndex: 'at', width: 170, render: formatDateTime },
          { title: '操作人員', dataIndex: 'operator', width: 140 },
          {
            title: '操作項目',
            dataIndex: 'action',
            width: 150,
            render: (action: string) => (AUDIT_ACTION_LABELS as Record<string, string>)[action] ?? action,
          },
          { title: '對象', dataIndex: 'target', width: 200 },
          { title: '變更前', dataIndex: 'before', render: json },
          { title: '變更後', dataIndex: 'after', render: json },
        ]}
      />
    </Card>
  );
}
