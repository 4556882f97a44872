import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { companies } from '../../db/schema/index.js';
import { recordAudit, type AuditAction, type AuditActor } from '../../lib/audit-trail.js';

export type PrivacySettingsRepo = ReturnType<typeof createPrivacySettingsRepo>;

const columns = {
  consentMethod: companies.consentMethod,
  audioRetentionDays: companies.audioRetentionDays,
  transcriptRetentionDays: companies.transcriptRetentionDays,
  redactEmails: companies.redactEmails,
  redactPhones: companies.redactPhones,
  bleepAudio: companies.bleepAudio,
  vocabulary: companies.vocabulary,
};

export type PrivacySettingsRow = {
  consentMethod: 'confirmation' | 'notice' | 'both';
  audioRetentionDays: number | null;
  transcriptRetentionDays: number | null;
  redactEmails: boolean;
  redactPhones: boolean;
  bleepAudio: boolean;
  vocabulary: string[];
};

export function createPrivacySettingsRepo(db: Db) {
  return {
    async read(companyId: string): Promise<PrivacySettingsRow | null> {
      const [row] = await db
        .select(columns)
        .from(companies)
        .where(eq(companies.id, companyId))
        .limit(1);
      return row ?? null;
    },

    /**
     * Writes the settings and the audit entry `audit` makes of the change in one transaction; the
     * row is locked first, so two admins saving at once each see the other's values as "from".
     * null when the company is gone.
     */
    async save(
      companyId: string,
      next: PrivacySettingsRow,
      actor: AuditActor,
      audit: (before: PrivacySettingsRow) => AuditAction | null,
    ): Promise<PrivacySettingsRow | null> {
      return db.transaction(async (tx) => {
        const [before] = await tx
          .select(columns)
          .from(companies)
          .where(eq(companies.id, companyId))
          .for('update');
        if (!before) return null;
        await tx.update(companies).set(next).where(eq(companies.id, companyId));
        const action = audit(before);
        if (action) await recordAudit(tx, actor, action);
        return before;
      });
    },
  };
}
