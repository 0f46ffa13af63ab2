import { Card, Col, Empty, Row, Segmented, Select, Space, Statistic, Table, Tooltip, Typography } from 'antd';
import { FUNNEL_STEPS, type TDashboardFigures, type TFunnelRow } from '@app/contract/admin/admin-report-schemas.ts';
import { useState } from 'react';
import {
  Bar,
  BarChart,
  CartesianGrid,
  Legend,
  Line,
  LineChart,
  ResponsiveContainer,
  Tooltip as ChartTooltip,
  XAxis,
  YAxis,
} from 'recharts';
import { formatMoney, formatRate } from '../../../shared/format.ts';
import { useDashboard } from '../api/dashboard.ts';
import { WebVitalsCard } from '../components/web-vitals-card.tsx';

const OVERDUE_HELP = {
  today: '目前逾期訂單數 ÷ 還款中（含逾期）訂單數',
  period: '30 日內到期（至昨日）的期數中，未於到期日當天結清的比例',
};

function Figures({ title, figures, overdueHelp }: { title: string; figures: TDashboardFigures; overdueHelp: string }) {
  const decided = figures.approved + figures.refused;
  return (
    <Card title={title} size="small">
      <Row gutter={[16, 16]}>
        <Col span={8}>
          <Statistic title="申請件數" value={figures.applications} />
        </Col>
        <Col span={8}>
          <Tooltip title={`核准 ${figures.approved} 件，拒絕 ${figures.refused} 件`}>
            <Statistic title="核准率" value={formatRate(figures.approved, decided)} />
          </Tooltip>
        </Col>
        <Col span={8}>
          <Tooltip title={overdueHelp}>
            <Statistic
              title="逾期率"
              value={formatRate(figures.overdue, figures.overdueBase)}
              suffix={
                <Typography.Text type="secondary" style={{ fontSize: 12 }}>{`${figures.overdue}/${figures.overdueBase}`}</Typography.Text>
              }
            />
          </Tooltip>
        </Col>
        <Col span={12}>
          <Statistic title={`撥款金額（${figures.paidOutCount} 筆）`} value={formatMoney(figures.paidOutAmount)} />
        </Col>
        <Col span={12}>
          <Statistic title={`收款金額（${figures.collectedCount} 筆）`} value={formatMoney(figures.collectedAmount)} />
        </Col>
      </Row>
    </Card>
  );
}

const shortDay = (day: string) => day.slice(5).replace('-', '/');
const money = (value: unknown) => formatMoney(Number(value));

function Funnel({ rows }: { rows: TFunnelRow[] }) {
  const [channel, setChannel] = useState<string>('all');
  const total = FUNNEL_STEPS.reduce<Record<string, number>>(
    (sum, step) => ({ ...sum, [step.key]: rows.reduce((count, row) => count + row[step.key], 0) }),
    {},
  );
  const picked = channel === 'all' ? total : (rows.find((row) => row.channel === channel) ?? total);
  const data = FUNNEL_STEPS.map((step) => ({ step: step.label, count: picked[step.key] ?? 0 }));
  return (
    <Card
      title="轉換漏斗（30 日內註冊者，依來源管道）"
      size="small"
      extra={
        <Select
          aria-label="來源管道"
          value={channel}
          style={{ width: 180 }}
          onChange={setChannel}
          options={[{ value: 'all', label: '全部管道' }, ...rows.map((row) => ({ value: row.channel, label: row.channel }))]}
        />
      }
    >
      {rows.length === 0 ? (
        <Empty description="30 日內沒有新註冊或事件紀錄" />
      ) : (
        <>
          <ResponsiveContainer width="100%" height={300}>
            <BarChart data={data} layout="vertical" margin={{ left: 24, right: 24 }}>
              <CartesianGrid strokeDasharray="3 3" horizontal={false} />
              <XAxis type="number" allowDecimals={false} />
              <YAxis type="category" dataKey="step" width={90} />
              <ChartTooltip />
              <Bar
                dataKey="count"
                name={channel === 'all' ? '全部管道' : channel}
                fill="#1f6feb"
                isAnimationActive={false}
                label={{ position: 'right' }}
              />
            </BarChart>
          </ResponsiveContainer>
          <Table<TFunnelRow>
            rowKey="channel"
            size="small"
            pagination={false}
            scroll={{ x: 'max-content' }}
            style={{ marginTop: 12 }}
            dataSource={rows}
            columns={[
              { title: '來源管道', dataIndex: 'channel', fixed: 'left', width: 140 },
              ...FUNNEL_STEPS.map((step) => ({
                title: step.label,
                dataIndex: step.key,
                align: 'right' as const,
                onHeaderCell: () => ({ style: { whiteSpace: 'nowrap' as const } }),
              })),
            ]}
          />
        </>
      )}
      <Typography.Paragraph type="secondary" style={{ marginTop: 12, marginBottom: 0, fontSize: 12 }}>
        開啟 App：30 日內送出過事件紀錄的裝置數（App 只在返回時記錄事件，故為下限）；其餘步驟：30 日內註冊者中已完成該步驟的人數。
      </Typography.Paragraph>
    </Card>
  );
}

/** The business at a glance: today and the last 30 days (Taipei), the daily trend and the funnel by source channel. */
export default function DashboardPage() {
  const dashboard = useDashboard();
  const [trend, setTrend] = useState<'count' | 'money'>('count');
  const data = dashboard.data;
  if (!data) return <Card loading title="營運儀表板" />;
  const daily = data.daily.map((day) => ({ ...day, day: shortDay(day.day) }));
  return (
    <Space direction="vertical" size={16} style={{ width: '100%' }}>
      <Typography.Title level={4} style={{ margin: 0 }}>
        營運儀表板
        <Typography.Text type="secondary" style={{ fontSize: 14, marginLeft: 12 }}>
          {`今日 ${data.today}，近 30 日 ${data.from} 至 ${data.today}（台北時間）`}
        </Typography.Text>
      </Typography.Title>
      <Row gutter={16}>
        <Col span={12}>
          <Figures title="今日" figures={data.todayFigures} overdueHelp={OVERDUE_HELP.today} />
        </Col>
        <Col span={12}>
          <Figures title="近 30 日" figures={data.periodFigures} overdueHelp={OVERDUE_HELP.period} />
        </Col>
      </Row>
      <Card
        title="每日趨勢"
        size="small"
        extra={
          <Segmented
            value={trend}
            onChange={setTrend}
            options={[
              { value: 'count', label: '件數' },
              { value: 'money', label: '金額' },
            ]}
          />
        }
      >
        <ResponsiveContainer width="100%" height={280}>
          {trend === 'count' ? (
            <LineChart data={daily}>
              <CartesianGrid strokeDasharray="3 3" />
              <XAxis dataKey="day" />
              <YAxis allowDecimals={false} />
              <ChartTooltip />
              <Legend />
              <Line type="monotone" dataKey="applications" name="申請" stroke="#1f6feb" isAnimationActive={false} />
              <Line type="monotone" dataKey="approved" name="核准" stroke="#2da44e" isAnimationActive={false} />
              <Line type="monotone" dataKey="refused" name="拒絕" stroke="#cf222e" isAnimationActive={false} />
            </LineChart>
          ) : (
            <BarChart data={daily}>
              <CartesianGrid strokeDasharray="3 3" />
              <XAxis dataKey="day" />
              <YAxis tickFormatter={(value: number) => value.toLocaleString('en-US')} width={80} />
              <ChartTooltip formatter={money} />
              <Legend />
              <Bar dataKey="paidOutAmount" name="撥款" fill="#1f6feb" isAnimationActive={false} />
              <Bar dataKey="collectedAmount" name="收款" fill="#2da44e" isAnimationActive={false} />
            </BarChart>
          )}
        </ResponsiveContainer>
      </Card>
      <Funnel rows={data.funnel} />
      <WebVitalsCard />
    </Space>
  );
}
