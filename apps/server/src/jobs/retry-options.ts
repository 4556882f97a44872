import type PgBoss from 'pg-boss';
import type { PipelineConfig } from '../config.js';

/** Retries and expiry of a job from the pipeline's settings (PIPELINE_RETRY_LIMIT and friends). */
export function retryOptions(config: PipelineConfig) {
  return {
    retryLimit: config.retryLimit,
    retryDelay: config.retryDelaySeconds,
    retryBackoff: config.retryDelaySeconds > 0,
    expireInSeconds: config.jobTimeoutSeconds,
  } satisfies PgBoss.SendOptions;
}
