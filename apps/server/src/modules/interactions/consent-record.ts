import type { ConsentMethod, RecordingConsent } from '@fieldbot/shared';

/** A recording_consents row's fields, all null when the interaction has none (a left join). */
export interface ConsentColumns {
  method: ConsentMethod | null;
  confirmedByName: string | null;
  confirmedAt: Date | null;
  noticeVersion: string | null;
}

/** A recording's consent record as the interaction page, the interactions CSV and the customer export show it. */
export function toRecordingConsent(
  row: ConsentColumns | null | undefined,
): RecordingConsent | null {
  if (!row?.method) return null;
  return {
    method: row.method,
    confirmed_by: row.confirmedByName,
    confirmed_at: row.confirmedAt?.toISOString() ?? null,
    notice_version: row.noticeVersion,
  };
}
