import { Card, Empty, Table, Tag, Typography } from 'antd';
import {
  VITALS_CARD_EMPTY,
  VITALS_CARD_NOTE,
  VITALS_CARD_TITLE,
  VITALS_COLUMN_DAY,
  VITALS_COLUMN_PAGE,
} from '@app/contract/messages/web-vitals.ts';
import { VITAL_METRICS, VITAL_THRESHOLDS, type TVitalMetric, type TVitalsP75Row } from '@app/contract/schemas/web-vitals.ts';
import { useWebVitals } from '../api/dashboard.ts';
import { formatDate } from '../../../shared/format.ts';

interface PageDay {
  key: string;
  day: string;
  page: string;
  metrics: Partial<Record<TVitalMetric, TVitalsP75Row>>;
}

/** One row per Taipei day and page (newest day first), a column per metric. */
export function pageDays(rows: readonly TVitalsP75Row[]): PageDay[] {
  const byKey = new Map<string, PageDay>();
  for (const row of rows) {
    const key = `${row.day} ${row.page}`;
    const entry = byKey.get(key) ?? { key, day: row.day, page: row.page, metrics: {} };
    entry.metrics[row.metric] = row;
    byKey.set(key, entry);
  }
  return [...byKey.values()].sort((a, b) => b.day.localeCompare(a.day) || a.page.localeCompare(b.page));
}

function p75Cell(metric: TVitalMetric, row: TVitalsP75Row | undefined) {
  if (!row) return <Typography.Text type="secondary">-</Typography.Text>;
  const { good, poor } = VITAL_THRESHOLDS[metric];
  const colour = row.p75 <= good ? 'success' : row.p75 <= poor ? 'warning' : 'error';
  const value = metric === 'CLS' ? row.p75.toFixed(3) : `${Math.round(row.p75).toLocaleString('en-US')} ms`;
  return (
    <span style={{ whiteSpace: 'nowrap' }}>
      <Tag color={colour}>{value}</Tag>
      <Typography.Text type="secondary" style={{ fontSize: 12 }}>{`(${row.samples})`}</Typography.Text>
    </span>
  );
}

/** The dashboard's card of real users' vitals: p75 of LCP, INP, CLS and TTFB per day and page. */
export function WebVitalsCard() {
  const vitals = useWebVitals();
  const rows = pageDays(vitals.data?.rows ?? []);
  return (
    <Card title={VITALS_CARD_TITLE} size="small" loading={vitals.isPending}>
      {rows.length === 0 ? (
        <Empty description={VITALS_CARD_EMPTY} />
      ) : (
        <Table<PageDay>
          rowKey="key"
          size="small"
          pagination={{ pageSize: 20, hideOnSinglePage: true }}
          dataSource={rows}
          columns={[
            { title: VITALS_COLUMN_DAY, dataIndex: 'day', width: 120, render: formatDate },
            { title: VITALS_COLUMN_PAGE, dataIndex: 'page', width: 160 },
            ...VITAL_METRICS.map((metric) => ({
              title: metric,
              key: metric,
              align: 'right' as const,
              render: (_: unknown, row: PageDay) => p75Cell(metric, row.metrics[metric]),
            })),
          ]}
        />
      )}
      <Typography.Paragraph type="secondary" style={{ marginTop: 12, marginBottom: 0, fontSize: 12 }}>
        {VITALS_CARD_NOTE}
      </Typography.Paragraph>
    </Card>
  );
}
