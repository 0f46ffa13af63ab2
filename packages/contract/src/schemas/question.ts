import { z } from 'zod';

/** POST /api/v3/userQuestion/query — the FAQ (public) plus, when logged in, the user's own questions. */
export const ZUserQuestionQueryRequestSchema = z.object({ keyword: z.string().max(50).optional() });
export const QUESTION_STATES = ['open', 'answered', 'closed'] as const;
export const ZUserQuestionQueryResponseSchema = z.object({
  faq: z.array(z.object({ group: z.string(), items: z.array(z.object({ id: z.string(), question: z.string(), answer: z.string() })) })),
  mine: z.array(
    z.object({
      id: z.string(),
      kind: z.enum(['question', 'feedback']),
      content: z.string(),
      state: z.enum(QUESTION_STATES),
      answer: z.string().nullable(),
      hasImage: z.boolean(),
      createdAt: z.string(),
    }),
  ),
});
export type TUserQuestionQueryResponse = z.infer<typeof ZUserQuestionQueryResponseSchema>;

/** POST /api/v3/userQuestion/save — a question or feedback, optional screenshot (key from upload/image). */
export const ZUserQuestionSaveRequestSchema = z.object({
  kind: z.enum(['question', 'feedback']),
  content: z.string().trim().min(5).max(1000),
  imageKey: z.string().max(200).optional(),
});
export const ZUserQuestionSaveResponseSchema = z.object({ id: z.string() });
