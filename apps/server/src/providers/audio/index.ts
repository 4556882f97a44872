import type { PipelineConfig } from '../../config.js';
import type { AudioTools } from './audio-tools.js';
import { createFfmpegAudio } from './ffmpeg-audio.js';

export type { AudioPiece, AudioTools, RunOptions } from './audio-tools.js';
export { AudioDecodeError, AudioToolMissingError, FFMPEG_MISSING_MESSAGE } from './audio-tools.js';

export function createAudioTools(
  config: Pick<PipelineConfig, 'ffmpegPath' | 'ffprobePath'>,
): AudioTools {
  return createFfmpegAudio({ ffmpegPath: config.ffmpegPath, ffprobePath: config.ffprobePath });
}
