import type { PrivacySettings, PrivacySettingsUpdate, User } from '@fieldbot/shared';
import type { AuditActor } from '../../lib/audit-trail.js';
import { forbidden, notFound } from '../../lib/errors.js';
import type { PrivacySettingsRepo, PrivacySettingsRow } from './privacy-settings.repo.js';

export type PrivacySettingsService = ReturnType<typeof createPrivacySettingsService>;

function companyOf(viewer: User): string {
  const id = viewer.company?.id;
  if (!id) throw forbidden();
  return id;
}

export function toPrivacySettings(row: PrivacySettingsRow): PrivacySettings {
  return {
    consent_method: row.consentMethod,
    audio_retention_days: row.audioRetentionDays,
    transcript_retention_days: row.transcriptRetentionDays,
    redact_emails: row.redactEmails,
    redact_phones: row.redactPhones,
    bleep_audio: row.bleepAudio,
    vocabulary: row.vocabulary,
  };
}

function toRow(body: PrivacySettingsUpdate): PrivacySettingsRow {
  return {
    consentMethod: body.consent_method,
    audioRetentionDays: body.audio_retention_days,
    transcriptRetentionDays: body.transcript_retention_days,
    redactEmails: body.redact_emails,
    redactPhones: body.redact_phones,
    bleepAudio: body.bleep_audio,
    vocabulary: body.vocabulary,
  };
}

/** A field's old and new value; the vocabulary's counts, with how many words came and went. */
type Change = { from: unknown; to: unknown; added?: number; removed?: number };

/**
 * What changed, field by field, for the audit entry. The vocabulary is summarised by counts: the
 * words are the company's business, and the log only needs to show that the list was edited.
 */
export function privacySettingsChanges(
  before: PrivacySettings,
  after: PrivacySettings,
): Record<string, Change> {
  const changed: Record<string, Change> = {};
  for (const key of Object.keys(after) as (keyof PrivacySettings)[]) {
    if (key === 'vocabulary') continue;
    if (before[key] !== after[key]) changed[key] = { from: before[key], to: after[key] };
  }
  const was = new Set(before.vocabulary);
  const is = new Set(after.vocabulary);
  const added = after.vocabulary.filter((t) => !was.has(t)).length;
  const removed = before.vocabulary.filter((t) => !is.has(t)).length;
  if (added > 0 || removed > 0) {
    changed.vocabulary = {
      from: before.vocabulary.length,
      to: after.vocabulary.length,
      added,
      removed,
    };
  }
  return changed;
}

/** Settings → Privacy (company admins): consent, retention, redaction and vocabulary. */
export function createPrivacySettingsService(deps: {
  repo: PrivacySettingsRepo;
  /** Drops the company's cached sessions: the recorder reads the consent method from the user. */
  forgetCompanyUsers(companyId: string): void;
  /** Queues the company's retention sweep, so a shortened retention applies now, not tomorrow. */
  retentionChanged?(companyId: string): Promise<void>;
}) {
  const { repo } = deps;
  return {
    async get(viewer: User): Promise<PrivacySettings> {
      const row = await repo.read(companyOf(viewer));
      if (!row) throw notFound();
      return toPrivacySettings(row);
    },

    async update(
      viewer: User,
      body: PrivacySettingsUpdate,
      actor: AuditActor,
    ): Promise<PrivacySettings> {
      const companyId = companyOf(viewer);
      const next = toRow(body);
      const after = toPrivacySettings(next);
      let consentChanged = false;
      let retentionChanged = false;
      const before = await repo.save(companyId, next, actor, (row) => {
        const changed = privacySettingsChanges(toPrivacySettings(row), after);
        consentChanged = 'consent_method' in changed;
        retentionChanged =
          'audio_retention_days' in changed || 'transcript_retention_days' in changed;
        // Saving the same values again is not a change worth a line in the log.
        if (Object.keys(changed).length === 0) return null;
        return {
          event: 'privacy.settings_changed',
          target: { type: 'company', id: companyId },
          meta: { changed },
        };
      });
      if (!before) throw notFound();
      if (consentChanged) deps.forgetCompanyUsers(companyId);
      if (retentionChanged) await deps.retentionChanged?.(companyId);
      return after;
    },
  };
}
