import { z } from 'zod';

/** GET /api/health (public): 200 ok when the database answers, 503 unavailable otherwise. */
export const healthResponseSchema = z.object({ status: z.enum(['ok', 'unavailable']) });
