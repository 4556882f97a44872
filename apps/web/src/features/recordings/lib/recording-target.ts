import type { CreateRecordingBody, OpenJob } from '@fieldbot/shared';

/**
 * Spec §5: a recording started from a customer page belongs to the technician's job for that
 * customer. One open job is used; with several the user picks one (null until then); with none, or
 * while the list is unknown, the recording is the customer's.
 */
export function defaultJobId(jobs: readonly OpenJob[] | undefined): string | null {
  return jobs?.length === 1 ? jobs[0]!.id : null;
}

/** The user still has to choose: several open jobs and none picked. */
export function needsJobChoice(jobs: readonly OpenJob[] | undefined, jobId: string | null) {
  return (jobs?.length ?? 0) > 1 && !jobId;
}

/** job_id when a job is chosen, else customer_id (the body takes one of them). */
export function recordingTarget(
  customerId: string,
  jobId: string | null,
): Pick<CreateRecordingBody, 'customer_id' | 'job_id'> {
  return jobId ? { job_id: jobId } : { customer_id: customerId };
}
