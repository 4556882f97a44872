import { CONSENT_MESSAGES, INTERACTION_MESSAGES, type OpenJob } from '@fieldbot/shared';
import { Alert, Button, FileButton, Group, Modal, Progress, Stack, Text } from '@mantine/core';
import { IconAlertCircle, IconUpload } from '@tabler/icons-react';
import { useRef, useState } from 'react';
import { DisabledReason } from '@/components/disabled-reason';
import { errorMessage, notifyError, notifySuccess } from '@/lib/notify';
import { createRecording } from '../api/create-recording';
import { uploadRecordingFile } from '../api/upload-recording-file';
import {
  RECORDING_ACCEPT,
  RECORDING_FILE_MESSAGES,
  recordingFileError,
} from '../lib/recording-file';
import { defaultJobId, needsJobChoice, recordingTarget } from '../lib/recording-target';
import { ConsentCheckbox } from './consent-checkbox';
import { JobSelect } from './job-select';

export interface UploadAudioButtonProps {
  customerId: string;
  /** The customer's open jobs; undefined while unknown. */
  jobs: readonly OpenJob[] | undefined;
  /** The customer asked not to be recorded: the button is off and says why. */
  doNotRecord?: boolean;
  onCreated?: (interactionId: string) => void;
}

type Upload =
  | { phase: 'idle' }
  | {
      /** 'uploaded': the file is stored, the recording waits for its job or the consent check. */
      phase: 'uploading' | 'uploaded' | 'saving' | 'failed';
      file: File;
      progress: number;
      error?: string;
    };

/** The recording started before the file was last written; without a date, now. */
function startedAt(file: File): string {
  const modified = file.lastModified;
  return new Date(modified > 0 && modified <= Date.now() ? modified : Date.now()).toISOString();
}

/** 'Upload Audio': one audio file with a progress bar, then POST /api/company/recordings. */
export function UploadAudioButton({
  customerId,
  jobs,
  doNotRecord = false,
  onCreated,
}: UploadAudioButtonProps) {
  const [upload, setUpload] = useState<Upload>({ phase: 'idle' });
  // A file recorded elsewhere had no notice played into it: the technician always confirms the
  // customer agreed (consentRequirement for uploads). Ticked during the upload, it saves at once.
  const [agreed, setAgreedState] = useState(false);
  const agreedRef = useRef(false);
  const setAgreed = (value: boolean) => {
    agreedRef.current = value;
    setAgreedState(value);
  };
  const [triedWithoutConsent, setTriedWithoutConsent] = useState(false);
  const [chosenJob, setChosenJob] = useState<string | null>(null);
  const jobId = chosenJob ?? defaultJobId(jobs);
  const resetRef = useRef<() => void>(null);
  const abort = useRef<AbortController | null>(null);
  // Kept across a Retry so the file is not sent twice.
  const fileUrl = useRef<string | null>(null);

  const run = async (file: File, job: string | null) => {
    const controller = new AbortController();
    abort.current = controller;
    try {
      if (!fileUrl.current) {
        setUpload({ phase: 'uploading', file, progress: 0 });
        fileUrl.current = await uploadRecordingFile(
          file,
          (fraction) => setUpload({ phase: 'uploading', file, progress: fraction }),
          controller.signal,
        );
      }
      if (needsJobChoice(jobs, job) || !agreedRef.current) {
        setUpload({ phase: 'uploaded', file, progress: 1 });
        return;
      }
      setUpload({ phase: 'saving', file, progress: 1 });
      const { data } = await createRecording({
        ...recordingTarget(customerId, job),
        file_urls: [fileUrl.current],
        started_at: startedAt(file),
        consent: { source: 'upload', customer_agreed: true },
      });
      if (controller.signal.aborted) return;
      fileUrl.current = null;
      setUpload({ phase: 'idle' });
      notifySuccess(INTERACTION_MESSAGES.recordingSaved);
      onCreated?.(data.id);
    } catch (error) {
      if (controller.signal.aborted) return;
      setUpload({ phase: 'failed', file, progress: 0, error: errorMessage(error) });
    }
  };

  const onFile = (file: File | null) => {
    resetRef.current?.();
    if (!file) return;
    const invalid = recordingFileError(file);
    if (invalid) {
      notifyError(invalid);
      return;
    }
    fileUrl.current = null;
    setChosenJob(null);
    setAgreed(false);
    setTriedWithoutConsent(false);
    void run(file, defaultJobId(jobs));
  };

  const close = () => {
    abort.current?.abort();
    abort.current = null;
    fileUrl.current = null;
    setUpload({ phase: 'idle' });
  };

  const percent = upload.phase === 'idle' ? 0 : Math.round(upload.progress * 100);

  /** Save and Retry: only with the consent confirmed. */
  const saveWithConsent = (file: File) => {
    if (!agreedRef.current) {
      setTriedWithoutConsent(true);
      return;
    }
    void run(file, jobId);
  };

  if (doNotRecord) {
    return (
      <DisabledReason reason={CONSENT_MESSAGES.doNotRecord}>
        <Button variant="default" leftSection={<IconUpload size={18} aria-hidden />}>
          Upload Audio
        </Button>
      </DisabledReason>
    );
  }

  return (
    <>
      <FileButton
        onChange={onFile}
        accept={RECORDING_ACCEPT}
        resetRef={resetRef}
        inputProps={{ 'aria-label': 'Audio file' }}
      >
        {(props) => (
          <Button
            {...props}
            variant="default"
            leftSection={<IconUpload size={18} aria-hidden />}
            disabled={upload.phase !== 'idle'}
          >
            Upload Audio
          </Button>
        )}
      </FileButton>
      <Modal
        opened={upload.phase !== 'idle'}
        onClose={close}
        title="Upload Audio"
        centered
        closeOnClickOutside={upload.phase === 'failed' || upload.phase === 'uploaded'}
      >
        {upload.phase === 'idle' ? null : (
          <Stack gap="md">
            <Text fw={500} style={{ wordBreak: 'break-all' }}>
              {upload.file.name}
            </Text>
            <JobSelect
              jobs={jobs}
              value={jobId}
              onChange={setChosenJob}
              disabled={upload.phase === 'saving'}
            />
            <ConsentCheckbox
              checked={agreed}
              onChange={setAgreed}
              showError={triedWithoutConsent}
            />
            {upload.phase === 'failed' ? (
              <Alert color="red" icon={<IconAlertCircle aria-hidden />} role="alert">
                {upload.error}
              </Alert>
            ) : (
              <Stack gap={4}>
                <Progress
                  value={percent}
                  aria-label="Upload progress"
                  striped={upload.phase === 'saving'}
                  animated={upload.phase === 'saving'}
                />
                <Text size="sm" c="dimmed" role="status">
                  {upload.phase === 'saving'
                    ? 'Saving the recording…'
                    : upload.phase === 'uploaded'
                      ? needsJobChoice(jobs, jobId)
                        ? 'Uploaded. Choose the job to save the recording.'
                        : 'Uploaded. Save the recording.'
                      : `${RECORDING_FILE_MESSAGES.uploading} (${percent}%)`}
                </Text>
              </Stack>
            )}
            <Group justify="flex-end">
              <Button variant="default" onClick={close}>
                Cancel
              </Button>
              {upload.phase === 'uploaded' ? (
                <Button
                  onClick={() => saveWithConsent(upload.file)}
                  disabled={needsJobChoice(jobs, jobId)}
                >
                  Save
                </Button>
              ) : null}
              {upload.phase === 'failed' ? (
                <Button
                  onClick={() => saveWithConsent(upload.file)}
                  disabled={needsJobChoice(jobs, jobId)}
                >
                  Retry
                </Button>
              ) : null}
            </Group>
          </Stack>
        )}
      </Modal>
    </>
  );
}
