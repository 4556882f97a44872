import type { SttConfig } from '../../config.js';
import { createNoTranscription } from './no-transcription.js';
import { createOpenAiCompatibleTranscription } from './openai-compatible.js';
import type { SpeechToText } from './speech-to-text.js';

export type { SpeechToText, TranscribedSegment, Transcription } from './speech-to-text.js';
export { TranscriptionError } from './speech-to-text.js';

export function createSpeechToText(config: SttConfig | undefined): SpeechToText {
  return config ? createOpenAiCompatibleTranscription(config) : createNoTranscription();
}
