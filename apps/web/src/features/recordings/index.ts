export { RecordingActions, type RecordingActionsProps } from './components/recording-actions';
