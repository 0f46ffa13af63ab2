import { index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { createdAt } from './columns.ts';
import { userRef } from './users.ts';

/** Owned by modules/questions: the FAQ and users' questions and feedback. */

/** The FAQ, seeded, editable by operators later. */
export const faqItems = pgTable('faq_items', {
  id: text('id').primaryKey(),
  groupName: text('group_name').notNull(),
  groupOrder: integer('group_order').notNull(),
  sortOrder: integer('sort_order').notNull(),
  question: text('question').notNull(),
  answer: text('answer').notNull(),
  /** Removed by an operator: no longer shown, and kept so the seed does not add a seeded item back. */
  removedAt: timestamp('removed_at', { withTimezone: true }),
});

/** A user's question or feedback; `answer` is written by operators later. */
export const userQuestions = pgTable(
  'user_questions',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: userRef(),
    kind: text('kind').$type<'question' | 'feedback'>().notNull(),
    content: text('content').notNull(),
    imageKey: text('image_key'),
    state: text('state').$type<'open' | 'answered' | 'closed'>().notNull().default('open'),
    answer: text('answer'),
    createdAt: createdAt(),
  },
  (table) => [index('user_questions_user_id_idx').on(table.userId)],
);
