export { BackRunButton, canBackRun } from './components/back-run-button';
export { BackRunDialog } from './components/back-run-dialog';
