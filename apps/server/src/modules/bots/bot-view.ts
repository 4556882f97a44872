import { botIcon, type Bot, type BotInput, type VersionDeprecation } from '@fieldbot/shared';
import type { BotFileSummary, BotRow, NewBotFields } from './bots.repo.js';

/** The builder's input as the bot row's columns; tags kept in index order. */
export const fieldsOfInput = (input: BotInput): NewBotFields => ({
  name: input.name,
  description: input.description,
  prompt: input.prompt,
  color: input.color,
  trigger: input.trigger,
  triggerEvent: input.trigger_event,
  outputTags: [...input.output_tags].sort((a, b) => a.index - b.index),
  engine: input.engine,
  visibility: input.visibility,
});

export const botView = (row: BotRow, files: BotFileSummary[]): Bot => ({
  id: row.id,
  publisher_id: row.publisherId,
  name: row.name,
  description: row.description,
  prompt: row.prompt,
  color: row.color,
  icon: botIcon(row.color),
  trigger: row.trigger,
  trigger_event: row.triggerEvent,
  output_tags: row.outputTags,
  engine: row.engine,
  visibility: row.visibility,
  status: row.status,
  latest_version: row.latestVersion,
  has_unpublished_changes: row.hasUnpublishedChanges,
  reference_files: files.map((f) => ({
    id: f.id,
    name: f.name,
    size_bytes: f.sizeBytes,
    text_chars: f.textChars,
  })),
  created_at: row.createdAt.toISOString(),
  updated_at: row.updatedAt.toISOString(),
});

/** A version's deprecation as both the publisher's bot page and the marketplace show it. */
export const versionDeprecationView = (v: {
  deprecatedAt: Date | null;
  retiresOn: string | null;
  note: string | null;
}): VersionDeprecation | null =>
  v.deprecatedAt && v.retiresOn
    ? { retires_on: v.retiresOn, note: v.note, deprecated_at: v.deprecatedAt.toISOString() }
    : null;
