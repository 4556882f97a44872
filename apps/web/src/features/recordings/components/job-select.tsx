import type { OpenJob } from '@fieldbot/shared';
import { Select } from '@mantine/core';

export interface JobSelectProps {
  jobs: readonly OpenJob[] | undefined;
  value: string | null;
  onChange: (jobId: string | null) => void;
  disabled?: boolean;
}

export const JOB_SELECT_LABEL = 'Job';
export const JOB_SELECT_HINT = 'This customer has several open jobs: choose the one of this visit.';

/** Which open job the recording belongs to; only asked when the customer has several (spec §5). */
export function JobSelect({ jobs, value, onChange, disabled }: JobSelectProps) {
  if (!jobs || jobs.length < 2) return null;
  return (
    <Select
      label={JOB_SELECT_LABEL}
      description={JOB_SELECT_HINT}
      placeholder="Choose the job"
      data={jobs.map((job) => ({ value: job.id, label: job.job_number }))}
      value={value}
      onChange={onChange}
      disabled={disabled}
      required
      allowDeselect={false}
    />
  );
}
