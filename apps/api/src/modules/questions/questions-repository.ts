import { and, asc, desc, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { faqItems, userQuestions } from '../../db/schema/questions.ts';

/** The only code touching `faq_items` and `user_questions`. */

const FAQ_COLUMNS = {
  id: faqItems.id,
  groupName: faqItems.groupName,
  groupOrder: faqItems.groupOrder,
  sortOrder: faqItems.sortOrder,
  question: faqItems.question,
  answer: faqItems.answer,
};

/** The FAQ items shown (not removed), in the borrowers' order. */
export async function selectFaqItems(db: Db) {
  return db.select(FAQ_COLUMNS).from(faqItems).where(isNull(faqItems.removedAt)).orderBy(asc(faqItems.groupOrder), asc(faqItems.sortOrder));
}

export async function selectQuestionsOf(db: Db, userId: number) {
  return db.select().from(userQuestions).where(eq(userQuestions.userId, userId)).orderBy(desc(userQuestions.id));
}

export async function insertQuestion(
  db: Db,
  row: { userId: number; kind: 'question' | 'feedback'; content: string; imageKey: string | null },
): Promise<number> {
  const [inserted] = await db.insert(userQuestions).values(row).returning({ id: userQuestions.id });
  if (!inserted) throw new Error('question insert returned nothing');
  return inserted.id;
}

export async function countQuestions(db: Db, userId: number): Promise<number> {
  return db.$count(userQuestions, eq(userQuestions.userId, userId));
}

export async function deleteQuestions(db: Db, userId: number): Promise<void> {
  await db.delete(userQuestions).where(eq(userQuestions.userId, userId));
}

export interface FaqValues {
  groupName: string;
  groupOrder: number;
  sortOrder: number;
  question: string;
  answer: string;
}

/** A FAQ item shown (a removed one answers null). */
export async function selectFaqItem(db: Db, id: string) {
  const [row] = await db
    .select(FAQ_COLUMNS)
    .from(faqItems)
    .where(and(eq(faqItems.id, id), isNull(faqItems.removedAt)))
    .limit(1);
  return row ?? null;
}

/** Removes FAQ item `id` (kept as removed: the seed adds only ids it does not find); false when it is not shown. */
export async function markFaqItemRemoved(db: Db, id: string, at: Date): Promise<boolean> {
  const rows = await db
    .update(faqItems)
    .set({ removedAt: at })
    .where(and(eq(faqItems.id, id), isNull(faqItems.removedAt)))
    .returning({ id: faqItems.id });
  return rows.length > 0;
}

/** Writes FAQ item `id` (created or replaced). */
export async function upsertFaqItem(db: Db, id: string, values: FaqValues): Promise<void> {
  await db
    .insert(faqItems)
    .values({ id, ...values })
    .onConflictDoUpdate({ target: faqItems.id, set: values });
}
