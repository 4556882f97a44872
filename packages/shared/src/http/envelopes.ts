import { z } from 'zod';
import {
  preSignedUrlResponseSchema,
  messageResponseSchema,
  invitationValidityResponseSchema,
} from '../auth/requests.schema';
import {
  idNameSchema,
  permissionSchema,
  userResponseSchema,
  userSchema,
} from '../auth/user.schema';

/**
 * Response envelopes of the API (spec §7) and their types. The web client parses every answer with
 * one of these; the {message}, {data: User}, {data: {is_valid}} and pre-signed URL envelopes live
 * beside the requests they answer and get their types here.
 */
export type MessageResponse = z.infer<typeof messageResponseSchema>;
export type UserResponse = z.infer<typeof userResponseSchema>;
export type InvitationValidityResponse = z.infer<typeof invitationValidityResponseSchema>;
export type PreSignedUrlResponse = z.infer<typeof preSignedUrlResponseSchema>;

/** POST /api/user/update-profile: the saved user with the success text. */
export const userMessageResponseSchema = z.object({ message: z.string(), data: userSchema });
export type UserMessageResponse = z.infer<typeof userMessageResponseSchema>;

/** GET /api/publisher-name/{code} (public); an unknown code is a 404. */
export const publisherNameResponseSchema = z.object({ data: z.object({ name: z.string() }) });
export type PublisherNameResponse = z.infer<typeof publisherNameResponseSchema>;

const tradeSchema = idNameSchema.extend({ industry_id: z.number() });

/** GET /api/data?items=…: one list per asked item (spec §3 option lists). */
export const dataItemsResponseSchema = z.object({
  data: z.object({
    permissions: z.array(permissionSchema).optional(),
    timezones: z.array(idNameSchema).optional(),
    industries: z.array(idNameSchema).optional(),
    trades: z.array(tradeSchema).optional(),
    company_types: z.array(idNameSchema).optional(),
    company_bots: z.array(z.unknown()).optional(),
    bot_icons: z.array(z.unknown()).optional(),
  }),
});
export type DataItemsResponse = z.infer<typeof dataItemsResponseSchema>;
