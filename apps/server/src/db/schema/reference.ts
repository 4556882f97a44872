import { integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';

// Reference lists carry fixed ids from the seed so that every installation agrees on them.

export const timezones = pgTable('timezones', {
  id: integer('id').primaryKey(),
  name: text('name').notNull().unique(),
  iana: text('iana').notNull(),
});

export const industries = pgTable('industries', {
  id: integer('id').primaryKey(),
  name: text('name').notNull().unique(),
});

export const trades = pgTable(
  'trades',
  {
    id: integer('id').primaryKey(),
    industryId: integer('industry_id')
      .notNull()
      .references(() => industries.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
  },
  (t) => [uniqueIndex('trades_industry_name_unique').on(t.industryId, t.name)],
);

export const companyTypes = pgTable('company_types', {
  id: integer('id').primaryKey(),
  name: text('name').notNull().unique(),
});
