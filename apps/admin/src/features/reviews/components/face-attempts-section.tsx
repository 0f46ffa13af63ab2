import { Alert, Divider, Empty, Image, Space, Spin, Table, Tag, Typography } from 'antd';
import {
  FACE_REVIEW_AT_LEAST,
  FACE_REVIEW_AT_MOST,
  FACE_REVIEW_ATTEMPT,
  FACE_REVIEW_CAPTURE_MODES,
  FACE_REVIEW_CHALLENGES,
  FACE_REVIEW_COLUMNS,
  FACE_REVIEW_EMPTY,
  FACE_REVIEW_FRAME_ALT,
  FACE_REVIEW_FRAME_CAPTION,
  FACE_REVIEW_NO_CHALLENGE,
  FACE_REVIEW_NO_FRAMES,
  FACE_REVIEW_NO_SCORES,
  FACE_REVIEW_NONCE_STATES,
  FACE_REVIEW_OUTCOMES,
  FACE_REVIEW_REASONS,
  FACE_REVIEW_SCORE_LABELS,
  FACE_REVIEW_STILL_ALT,
  FACE_REVIEW_STILL_CAPTION,
  FACE_REVIEW_TITLE,
} from '@app/contract/admin/admin-face-review-messages.ts';
import type { TFaceAttempt, TFaceScore } from '@app/contract/admin/admin-face-review-schemas.ts';
import { ADMIN_ROUTES } from '@app/contract/admin/admin-routes.ts';
import { adminImageUrl } from '../../../shared/api/admin-request.ts';
import { formatDateTime } from '../../../shared/format.ts';
import { useReviewFaceAttempts } from '../api/reviews.ts';

const OUTCOME_COLORS: Record<string, string> = {
  pending: 'blue',
  retake: 'default',
  passed: 'green',
  failed: 'red',
  manual_review: 'orange',
};

/** Degrees with one decimal, the flatness with three (its threshold is 0.03), the rest with two. */
function formatMeasure(key: TFaceScore['key'], value: number): string {
  if (key === 'turnDegrees') return value.toFixed(1);
  if (key === 'planarResidual') return value.toFixed(3);
  return value.toFixed(2);
}

function ScoreLine({ score }: { score: TFaceScore }) {
  const threshold =
    score.threshold === null
      ? null
      : (score.direction === 'atLeast' ? FACE_REVIEW_AT_LEAST : FACE_REVIEW_AT_MOST).replace(
          '{threshold}',
          formatMeasure(score.key, score.threshold),
        );
  return (
    <div data-testid={`face-score-${score.key}`}>
      <Typography.Text type="secondary">{FACE_REVIEW_SCORE_LABELS[score.key]}</Typography.Text>{' '}
      <Typography.Text strong type={score.passed === false ? 'danger' : undefined}>
        {formatMeasure(score.key, score.value)}
      </Typography.Text>
      {threshold ? <Typography.Text type="secondary">（{threshold}）</Typography.Text> : null}
    </div>
  );
}

function Thumbnail({ src, alt, caption }: { src: string; alt: string; caption: string }) {
  return (
    <figure style={{ margin: 0, textAlign: 'center' }}>
      <Image width={64} height={80} style={{ objectFit: 'cover', borderRadius: 4 }} src={src} alt={alt} />
      <figcaption style={{ fontSize: 12, color: 'rgba(0,0,0,0.45)' }}>{caption}</figcaption>
    </figure>
  );
}

/**
 * The attempt's still photo (the one detection checked), then the capture's frames in
 * capture order, as thumbnails that enlarge (one preview group per attempt).
 */
function FrameStrip({ orderId, attempt }: { orderId: number; attempt: TFaceAttempt }) {
  return (
    <Image.PreviewGroup>
      <Space size={12} align="start">
        <Thumbnail
          src={adminImageUrl(ADMIN_ROUTES.reviewFaceStill, { orderId, attemptId: attempt.id })}
          alt={FACE_REVIEW_STILL_ALT}
          caption={FACE_REVIEW_STILL_CAPTION}
        />
        <Divider type="vertical" style={{ height: 96 }} />
        <Space direction="vertical" size={4}>
          <Typography.Text type="secondary">{FACE_REVIEW_COLUMNS.frames}</Typography.Text>
          {attempt.frames.length === 0 ? (
            <Typography.Text type="secondary">{FACE_REVIEW_NO_FRAMES}</Typography.Text>
          ) : (
            <Space size={6} wrap>
              {attempt.frames.map((frame) => {
                const seconds = (frame.t / 1000).toFixed(1);
                return (
                  <Thumbnail
                    key={frame.id}
                    src={adminImageUrl(ADMIN_ROUTES.reviewFaceFrame, { orderId, frameId: frame.id })}
                    alt={FACE_REVIEW_FRAME_ALT.replace('{seconds}', seconds)}
                    caption={FACE_REVIEW_FRAME_CAPTION.replace('{seconds}', seconds)}
                  />
                );
              })}
            </Space>
          )}
        </Space>
      </Space>
    </Image.PreviewGroup>
  );
}

/**
 * 人臉辨識紀錄: every face attempt of the application's borrower, oldest first — when, the
 * challenge asked and what became of its nonce, the verdict with the failed rule, the scores
 * beside their thresholds (failures in red), and the capture's frames to enlarge.
 */
export function FaceAttemptsSection({ orderId }: { orderId: number }) {
  const query = useReviewFaceAttempts(orderId);
  const attempts = query.data?.attempts;
  return (
    <section aria-label={FACE_REVIEW_TITLE}>
      <Typography.Title level={5}>{FACE_REVIEW_TITLE}</Typography.Title>
      {query.isError ? (
        <Alert type="error" showIcon message={query.error.message} />
      ) : !attempts ? (
        <Spin />
      ) : attempts.length === 0 ? (
        <Empty description={FACE_REVIEW_EMPTY} />
      ) : (
        <Table<TFaceAttempt & { n: number }>
          size="small"
          pagination={false}
          rowKey="id"
          dataSource={attempts.map((attempt, i) => ({ ...attempt, n: i + 1 }))}
          expandable={{
            expandedRowRender: (attempt) => <FrameStrip orderId={orderId} attempt={attempt} />,
            defaultExpandAllRows: true,
            showExpandColumn: false,
          }}
          columns={[
            {
              title: FACE_REVIEW_COLUMNS.attempt,
              dataIndex: 'n',
              width: 150,
              render: (n: number, attempt) => (
                <Space direction="vertical" size={0}>
                  <Typography.Text strong>{FACE_REVIEW_ATTEMPT.replace('{n}', String(n))}</Typography.Text>
                  <Typography.Text type="secondary">{formatDateTime(attempt.at)}</Typography.Text>
                </Space>
              ),
            },
            {
              title: FACE_REVIEW_COLUMNS.challenge,
              dataIndex: 'challenge',
              width: 190,
              render: (challenge: TFaceAttempt['challenge'], attempt) => (
                <Space direction="vertical" size={2}>
                  <Typography.Text>{challenge ? FACE_REVIEW_CHALLENGES[challenge] : FACE_REVIEW_NO_CHALLENGE}</Typography.Text>
                  <Space size={4} wrap>
                    <Tag color={attempt.nonce === 'expired' ? 'gold' : undefined}>{FACE_REVIEW_NONCE_STATES[attempt.nonce]}</Tag>
                    {attempt.captureMode ? <Tag>{FACE_REVIEW_CAPTURE_MODES[attempt.captureMode] ?? attempt.captureMode}</Tag> : null}
                  </Space>
                </Space>
              ),
            },
            {
              title: FACE_REVIEW_COLUMNS.outcome,
              dataIndex: 'outcome',
              width: 200,
              render: (outcome: string, attempt) => {
                const reason = attempt.livenessReason ?? attempt.detectionReason;
                return (
                  <Space direction="vertical" size={2}>
                    <Tag color={OUTCOME_COLORS[outcome]}>{FACE_REVIEW_OUTCOMES[outcome] ?? outcome}</Tag>
                    {reason ? <Typography.Text type="secondary">{FACE_REVIEW_REASONS[reason] ?? reason}</Typography.Text> : null}
                  </Space>
                );
              },
            },
            {
              title: FACE_REVIEW_COLUMNS.scores,
              dataIndex: 'scores',
              render: (scores: TFaceScore[]) =>
                scores.length === 0 ? (
                  <Typography.Text type="secondary">{FACE_REVIEW_NO_SCORES}</Typography.Text>
                ) : (
                  scores.map((score) => <ScoreLine key={score.key} score={score} />)
                ),
            },
          ]}
        />
      )}
    </section>
  );
}
