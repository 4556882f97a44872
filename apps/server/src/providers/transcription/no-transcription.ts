import { INTERACTION_MESSAGES } from '@fieldbot/shared';
import { TranscriptionError, type SpeechToText } from './speech-to-text.js';

/** No service configured: every transcript ends at once with a clear error instead of waiting. */
export function createNoTranscription(): SpeechToText {
  return {
    kind: 'none',
    settings: 'none',
    async transcribe() {
      throw new TranscriptionError(INTERACTION_MESSAGES.noTranscriptionService, false);
    },
  };
}
