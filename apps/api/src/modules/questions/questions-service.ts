import { and, asc, desc, eq } from 'drizzle-orm';
import { IMAGE_KEY_INVALID } from '@app/contract/messages/help-center.ts';
import type { TUserQuestionQueryResponse } from '@app/contract/schemas/question.ts';
import type { Db } from '../../db/client.ts';
import { faqItems, uploadedFiles, userQuestions } from '../../db/schema-accounts.ts';
import { AppError } from '../../errors/app-error.ts';

/**
 * The FAQ, grouped in the operators' order and filtered by a keyword (in question or
 * answer), plus the caller's own questions when logged in. The FAQ is a few dozen rows,
 * so filtering in memory avoids LIKE-pattern escaping altogether.
 */
export async function queryQuestions(
  db: Db,
  userId: number | null,
  keyword: string | undefined,
): Promise<TUserQuestionQueryResponse> {
  const rows = await db.select().from(faqItems).orderBy(asc(faqItems.groupOrder), asc(faqItems.sortOrder));
  const needle = keyword?.trim().toLowerCase() ?? '';
  const groups = new Map<string, TUserQuestionQueryResponse['faq'][number]>();
  for (const row of rows) {
    if (needle && !`${row.question}\n${row.answer}`.toLowerCase().includes(needle)) continue;
    const group = groups.get(row.groupName) ?? { group: row.groupName, items: [] };
    group.items.push({ id: row.id, question: row.question, answer: row.answer });
    groups.set(row.groupName, group);
  }

  const mine =
    userId === null
      ? []
      : await db
          .select()
          .from(userQuestions)
          .where(eq(userQuestions.userId, userId))
          .orderBy(desc(userQuestions.id));
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

/** A question or feedback; a screenshot must be one this same user uploaded. */
export async function saveQuestion(
  db: Db,
  userId: number,
  input: { kind: 'question' | 'feedback'; content: string; imageKey?: string | undefined },
): Promise<{ id: string }> {
  if (input.imageKey !== undefined) {
    const [file] = await db
      .select({ id: uploadedFiles.id })
      .from(uploadedFiles)
      .where(and(eq(uploadedFiles.key, input.imageKey), eq(uploadedFiles.userId, userId)))
      .limit(1);
    // Someone else's key answers exactly like a key that does not exist.
    if (!file) throw new AppError('BUSINESS_RULE', { userMessage: IMAGE_KEY_INVALID, message: 'image key not owned' });
  }
  const [row] = await db
    .insert(userQuestions)
    .values({ userId, kind: input.kind, content: input.content, imageKey: input.imageKey ?? null })
    .returning({ id: userQuestions.id });
  if (!row) throw new Error('question insert returned nothing');
  return { id: String(row.id) };
}
