import { CONSENT_MESSAGES, CONSENT_METHOD_LABELS, type RecordingConsent } from '@fieldbot/shared';
import { Text } from '@mantine/core';
import { formatTimestamp } from '@/lib/format-date';

/**
 * A field recording's consent record (issue 27 §1): how consent was taken, who confirmed it and
 * when, and which recorded notice was played. Recordings made before consent was recorded have
 * none, and say so.
 */
export function ConsentRecord({ consent }: { consent: RecordingConsent | null }) {
  if (!consent) {
    return (
      <Text span c="dimmed" fw={400} data-testid="consent-record">
        {CONSENT_MESSAGES.noRecord}
      </Text>
    );
  }
  const when = consent.confirmed_at ? formatTimestamp(consent.confirmed_at) : null;
  return (
    <Text span display="block" data-testid="consent-record">
      <Text span display="block" fw={500}>
        {CONSENT_METHOD_LABELS[consent.method]}
      </Text>
      {consent.confirmed_by ? (
        <Text span display="block" size="sm" fw={400}>
          Confirmed by {consent.confirmed_by}
          {when ? `, ${when}` : ''}
        </Text>
      ) : when ? (
        <Text span display="block" size="sm" fw={400}>
          Recorded {when}
        </Text>
      ) : null}
      {consent.notice_version ? (
        <Text span display="block" size="sm" c="dimmed" fw={400}>
          Notice {consent.notice_version}
        </Text>
      ) : null}
    </Text>
  );
}
