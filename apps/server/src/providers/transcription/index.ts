import type { SttConfig } from '../../config.js';
import { createNoTranscription } from './no-transcription.js';
import { createOpenAiCompatibleTranscription } from './openai-compatible.js';
import { createPocketsphinxTranscription } from './pocketsphinx.js';
import type { SpeechToText } from './speech-to-text.js';

export type { SpeechToText, TranscribedSegment, Transcription } from './speech-to-text.js';
export { TranscriptionError } from './speech-to-text.js';
export { cleanVocabulary } from './vocabulary.js';

export function createSpeechToText(config: SttConfig): SpeechToText {
  switch (config.engine) {
    case 'openai-compatible':
      return createOpenAiCompatibleTranscription(config);
    case 'pocketsphinx':
      return createPocketsphinxTranscription(config);
    case 'none':
      return createNoTranscription();
  }
}
