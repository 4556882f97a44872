import { z } from 'zod';

/** GET /api/publisher-name/{code} (public): the name the marketplace landing page greets with. */
export const publisherNameParamsSchema = z.object({ code: z.string().min(1).max(100) });

export const publisherNameResponseSchema = z.object({ data: z.object({ name: z.string() }) });
export type PublisherNameResponse = z.infer<typeof publisherNameResponseSchema>;

/** An unknown code answers 404 with this text; the landing page says the link is not valid. */
export const PUBLISHER_MESSAGES = {
  unknownCode: 'This marketplace link is not valid.',
} as const;
