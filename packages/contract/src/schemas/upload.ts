import { z } from 'zod';

/**
 * upload/image answer (SPEC.md "Uploaded file result"). `imageURL` is an API path served
 * only to the uploader (never a public folder): the files hold personal data.
 */
export const ZUploadImageResponseSchema = z.object({ key: z.string(), imageURL: z.string() });
export type TUploadImageResponse = z.infer<typeof ZUploadImageResponseSchema>;
