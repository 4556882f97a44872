import { Group } from '@mantine/core';
import { useOpenJobs } from '../api/get-open-jobs';
import { RecordVisitButton } from './record-visit-button';
import { UploadAudioButton } from './upload-audio-button';

export interface RecordingActionsProps {
  customerId: string;
  /** The recording user: recordings kept on the device are theirs. */
  userId: string;
  /** Called with the new interaction's id once the recording is saved. */
  onCreated?: (interactionId: string) => void;
  /** An unsaved recording was left on the device (the page offers to finish it). */
  onKept?: () => void;
}

/** Record a visit in the browser or upload an audio file for a customer, linked to its open job. */
export function RecordingActions({ customerId, userId, onCreated, onKept }: RecordingActionsProps) {
  const openJobs = useOpenJobs(customerId);
  return (
    <Group gap="sm">
      <RecordVisitButton
        customerId={customerId}
        userId={userId}
        jobs={openJobs.data}
        onCreated={onCreated}
        onKept={onKept}
      />
      <UploadAudioButton customerId={customerId} jobs={openJobs.data} onCreated={onCreated} />
    </Group>
  );
}
