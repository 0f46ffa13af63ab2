import type { TUserQuestionQueryResponse } from '@app/contract/schemas/question.ts';
import type { Db } from '../../db/client.ts';
import { selectFaqItems, selectQuestionsOf } from './questions-repository.ts';

/**
 * The FAQ, grouped in the operators' order and filtered by a keyword (in question or
 * answer), plus the caller's own questions when logged in. The FAQ is a few dozen rows,
 * so filtering in memory avoids LIKE-pattern escaping altogether.
 */
export async function queryQuestions(options: {
  db: Db;
  userId: number | null;
  keyword: string | undefined;
}): Promise<TUserQuestionQueryResponse> {
  const { db, userId } = options;
  const rows = await selectFaqItems(db);
  const needle = options.keyword?.trim().toLowerCase() ?? '';
  const groups = new Map<string, TUserQuestionQueryResponse['faq'][number]>();
  for (const row of rows) {
    if (needle && !`${row.question}\n${row.answer}`.toLowerCase().includes(needle)) continue;
    const group = groups.get(row.groupName) ?? { group: row.groupName, items: [] };
    group.items.push({ id: row.id, question: row.question, answer: row.answer });
    groups.set(row.groupName, group);
  }
  const mine = userId === null ? [] : await selectQuestionsOf(db, userId);
  return {
    faq: [...groups.values()],
    mine: mine.map((q) => ({
      id: String(q.id),
      kind: q.kind,
      content: q.content,
      state: q.state,
      answer: q.answer,
      hasImage: q.imageKey !== null,
      createdAt: q.createdAt.toISOString(),
    })),
  };
}
