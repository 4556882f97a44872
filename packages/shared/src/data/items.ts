import { z } from 'zod';
import { MESSAGES } from '../validation/messages';
import { botIconSchema, companyBotSchema } from '../bots/bot.schema';

export const DATA_ITEMS = [
  'permissions',
  'timezones',
  'industries',
  'trades',
  'company_types',
  'company_bots',
  'bot_icons',
] as const;
export type DataItem = (typeof DATA_ITEMS)[number];

/** GET /api/data?items=a,b,c — a comma list of known items, at least one. */
export const dataQuerySchema = z.object({
  items: z
    .string({ error: MESSAGES.required })
    .min(1, MESSAGES.required)
    .transform((v) => v.split(',').map((s) => s.trim()).filter(Boolean))
    .pipe(z.array(z.enum(DATA_ITEMS, { error: MESSAGES.selectValidValue })).min(1, MESSAGES.required)),
  user_type: z.string().max(50).optional(),
  company_id: z.string().max(64).optional(),
});

const idName = z.object({ id: z.number(), name: z.string() });

/** One schema per option list of GET /api/data. */
export const dataItemSchemas = {
  permissions: z.object({ name: z.string(), module: z.string() }),
  timezones: idName,
  industries: idName,
  trades: idName.extend({ industry_id: z.number() }),
  company_types: idName,
  company_bots: companyBotSchema,
  bot_icons: botIconSchema,
} satisfies Record<DataItem, z.ZodType>;

export type DataItemRow<K extends DataItem> = z.infer<(typeof dataItemSchemas)[K]>;

/** GET /api/data: exactly the lists that were asked for. */
export const dataResponseSchema = z.object({
  data: z
    .object({
      permissions: z.array(dataItemSchemas.permissions),
      timezones: z.array(dataItemSchemas.timezones),
      industries: z.array(dataItemSchemas.industries),
      trades: z.array(dataItemSchemas.trades),
      company_types: z.array(dataItemSchemas.company_types),
      company_bots: z.array(dataItemSchemas.company_bots),
      bot_icons: z.array(dataItemSchemas.bot_icons),
    })
    .partial(),
});
export type DataResponse = z.infer<typeof dataResponseSchema>;

/** Option lists of spec §3. */
export const OPTION_LISTS = {
  userStatus: [
    { value: 'active', label: 'Active' },
    { value: 'invited', label: 'Invited' },
    { value: 'not-invited', label: 'Not Invited' },
  ],
  enabledFlag: [
    { value: 0, label: 'Disabled' },
    { value: 1, label: 'Enabled' },
  ],
  enabledStatus: [
    { value: 'active', label: 'Enabled' },
    { value: 'inactive', label: 'Disabled' },
  ],
  customerType: [
    { value: 'Residential', label: 'Residential' },
    { value: 'Commercial', label: 'Commercial' },
  ],
  interactionType: [
    { value: '', label: 'All Interactions' },
    { value: 'field-recording', label: 'Field Recording' },
    { value: 'csr-call', label: 'CSR Call' },
  ],
} as const;
