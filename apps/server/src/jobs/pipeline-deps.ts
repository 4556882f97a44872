import type { AppConfig } from '../config.js';
import { createAudioTools } from '../providers/audio/index.js';
import type { StorageProvider } from '../providers/storage/index.js';
import { createSpeechToText } from '../providers/transcription/index.js';
import type { PipelineWorkerDeps } from './queue.js';

/** The outside services of the interaction pipeline's workers, from the configuration. */
export function pipelineWorkerDeps(
  config: AppConfig,
  storage: StorageProvider,
): PipelineWorkerDeps {
  return {
    storage,
    audio: createAudioTools(config.pipeline),
    stt: createSpeechToText(config.stt),
  };
}
