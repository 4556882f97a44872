import { bigint, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { companies } from './organisations.js';
import { users } from './users.js';

/**
 * Lifecycle of an upload URL: issued (pending), being received, then uploaded for good. A URL is
 * accepted only while pending, so it cannot overwrite a finished upload.
 */
export const UPLOAD_STATUSES = ['pending', 'receiving', 'uploaded'] as const;
export type UploadStatus = (typeof UPLOAD_STATUSES)[number];

/**
 * Every storage key we hand out, so a submitted file_url can be checked against its owner, an
 * upload URL used once, and uploads counted against the daily quotas of the user and company.
 */
export const uploadedFiles = pgTable(
  'uploaded_files',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
    companyId: uuid('company_id').references(() => companies.id, { onDelete: 'cascade' }),
    folder: text('folder').notNull(),
    name: text('name').notNull(),
    path: text('path').notNull().unique(),
    fileUrl: text('file_url').notNull(),
    status: text('status', { enum: UPLOAD_STATUSES }).notNull().default('pending'),
    /** Detected from the bytes; what the file is served as. */
    contentType: text('content_type'),
    size: bigint('size', { mode: 'number' }),
    uploadedAt: timestamp('uploaded_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('uploaded_files_user_idx').on(t.userId, t.createdAt),
    index('uploaded_files_company_idx').on(t.companyId, t.createdAt),
  ],
);
