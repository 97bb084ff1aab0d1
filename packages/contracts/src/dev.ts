import { z } from 'zod';

/** One mail of the dev outbox (`GET /api/dev/outbox`), newest first. */
export const OutboxMailSchema = z.object({
  id: z.string(),
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  links: z.array(z.string()),
  createdAt: z.string(),
});
export type OutboxMail = z.infer<typeof OutboxMailSchema>;
export const OutboxResponseSchema = z.object({ mails: z.array(OutboxMailSchema) });
