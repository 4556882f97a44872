import { DEFAULT_CONSENT_METHOD } from '@fieldbot/shared';
import { Group } from '@mantine/core';
import { useCurrentUser } from '@/lib/session';
import { useOpenJobs } from '../api/get-open-jobs';
import { RecordVisitButton } from './record-visit-button';
import { UploadAudioButton } from './upload-audio-button';

export interface RecordingActionsProps {
  customerId: string;
  /** The recording user: recordings kept on the device are theirs. */
  userId: string;
  /** The customer asked not to be recorded: both actions are off and say why. */
  doNotRecord?: boolean;
  /** Called with the new interaction's id once the recording is saved. */
  onCreated?: (interactionId: string) => void;
  /** An unsaved recording was left on the device (the page offers to finish it). */
  onKept?: () => void;
}

/** Record a visit in the browser or upload an audio file for a customer, linked to its open job. */
export function RecordingActions({
  customerId,
  userId,
  doNotRecord = false,
  onCreated,
  onKept,
}: RecordingActionsProps) {
  const openJobs = useOpenJobs(customerId);
  // The company's consent method comes with the signed-in user (GET /api/user/me).
  const consentMethod = useCurrentUser()?.company?.consent_method ?? DEFAULT_CONSENT_METHOD;
  return (
    <Group gap="sm">
      <RecordVisitButton
        customerId={customerId}
        userId={userId}
        jobs={openJobs.data}
        consentMethod={consentMethod}
        doNotRecord={doNotRecord}
        onCreated={onCreated}
        onKept={onKept}
      />
      <UploadAudioButton
        customerId={customerId}
        jobs={openJobs.data}
        doNotRecord={doNotRecord}
        onCreated={onCreated}
      />
    </Group>
  );
}
