import List from 'antd-mobile/es/components/list';
import Tag from 'antd-mobile/es/components/tag';
import {
  FEEDBACK_KIND_FEEDBACK,
  FEEDBACK_KIND_QUESTION,
  MINE_TITLE,
  QUESTION_ANSWER_LABEL,
  QUESTION_HAS_IMAGE,
  QUESTION_STATE_LABELS,
} from '@app/contract/messages/help-center.ts';
import { formatTime } from '../../../shared/utils/format.ts';
import type { MyQuestion } from '../api/user-question-query.ts';

const STATE_COLORS = { open: 'warning', answered: 'success', closed: 'default' } as const;

/** The user's own questions and feedback, newest first, with their state and answer. */
export function MyQuestions({ items }: { items: readonly MyQuestion[] }) {
  if (items.length === 0) return null;
  return (
    <List header={MINE_TITLE} mode="card" className="my-questions">
      {items.map((item) => (
        <List.Item
          key={item.id}
          description={
            <>
              <span>{formatTime(item.createdAt)}</span>
              {item.hasImage ? <span className="my-question-image">・{QUESTION_HAS_IMAGE}</span> : null}
              {item.answer ? (
                <span className="my-question-answer">
                  {QUESTION_ANSWER_LABEL}：{item.answer}
                </span>
              ) : null}
            </>
          }
        >
          <div className="my-question-head">
            <Tag color="primary" fill="outline">
              {item.kind === 'question' ? FEEDBACK_KIND_QUESTION : FEEDBACK_KIND_FEEDBACK}
            </Tag>
            <Tag color={STATE_COLORS[item.state]}>{QUESTION_STATE_LABELS[item.state]}</Tag>
          </div>
          <p className="my-question-content">{item.content}</p>
        </List.Item>
      ))}
    </List>
  );
}
