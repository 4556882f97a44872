export { RecordingActions, type RecordingActionsProps } from './components/recording-actions';
export { PendingRecordings, type PendingRecordingsProps } from './components/pending-recordings';
export { pendingRecordingsQueryKey } from './lib/use-pending-recordings';
