import { asc, desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { faqItems, userQuestions } from '../../db/schema/questions.ts';

/** The only code touching `faq_items` and `user_questions`. */

export async function selectFaqItems(db: Db) {
  return db.select().from(faqItems).orderBy(asc(faqItems.groupOrder), asc(faqItems.sortOrder));
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
