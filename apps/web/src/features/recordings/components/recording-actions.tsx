import { Group } from '@mantine/core';
import { RecordVisitButton } from './record-visit-button';
import { UploadAudioButton } from './upload-audio-button';

export interface RecordingActionsProps {
  customerId: string;
  /** Called with the new interaction's id once the recording is saved. */
  onCreated?: (interactionId: string) => void;
}

/** Record a visit in the browser or upload an audio file for a customer. */
export function RecordingActions({ customerId, onCreated }: RecordingActionsProps) {
  return (
    <Group gap="sm">
      <RecordVisitButton customerId={customerId} onCreated={onCreated} />
      <UploadAudioButton customerId={customerId} onCreated={onCreated} />
    </Group>
  );
}
