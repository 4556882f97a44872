export interface RecordingActionsProps {
  customerId: string;
  /** Called with the new interaction's id once the recording is saved. */
  onCreated?: (interactionId: string) => void;
}

/** Record a visit in the browser or upload an audio file for a customer. */
export function RecordingActions(_props: RecordingActionsProps) {
  return null;
}
