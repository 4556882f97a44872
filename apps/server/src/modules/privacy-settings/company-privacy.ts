import type { RedactPiiOptions } from '@fieldbot/shared';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { companies } from '../../db/schema/index.js';

/** What the pipeline's jobs need of a company's privacy settings. */
export interface CompanyPrivacy {
  /** The optional kinds the redactor masks besides cards, SSNs and bank numbers. */
  redaction: Required<RedactPiiOptions>;
  bleepAudio: boolean;
  /** The company's words for the speech-to-text engine (issue 27 §6), most important first. */
  vocabulary: string[];
}

const NONE: CompanyPrivacy = {
  redaction: { emails: false, phones: false },
  bleepAudio: false,
  vocabulary: [],
};

/**
 * Reads the settings at the moment of use (one indexed row), so a change applies to the next
 * transcription, bot run or page view without any cache to clear. A missing company masks only
 * what is always masked.
 */
export function createCompanyPrivacyReader(db: Db) {
  return async function companyPrivacy(companyId: string): Promise<CompanyPrivacy> {
    const [row] = await db
      .select({
        emails: companies.redactEmails,
        phones: companies.redactPhones,
        bleepAudio: companies.bleepAudio,
        vocabulary: companies.vocabulary,
      })
      .from(companies)
      .where(eq(companies.id, companyId))
      .limit(1);
    if (!row) return NONE;
    return {
      redaction: { emails: row.emails, phones: row.phones },
      bleepAudio: row.bleepAudio,
      vocabulary: row.vocabulary,
    };
  };
}

export type CompanyPrivacyReader = ReturnType<typeof createCompanyPrivacyReader>;

/** Just the redaction options, for readers that do not bleep (bot runs, the interaction page). */
export function createRedactionReader(db: Db) {
  const companyPrivacy = createCompanyPrivacyReader(db);
  return async (companyId: string): Promise<Required<RedactPiiOptions>> =>
    (await companyPrivacy(companyId)).redaction;
}
