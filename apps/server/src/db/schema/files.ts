import { index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './users.js';

/** Every storage key we hand out, so a submitted file_url can be checked against its owner. */
export const uploadedFiles = pgTable(
  'uploaded_files',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
    folder: text('folder').notNull(),
    name: text('name').notNull(),
    path: text('path').notNull().unique(),
    fileUrl: text('file_url').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('uploaded_files_user_idx').on(t.userId)],
);
