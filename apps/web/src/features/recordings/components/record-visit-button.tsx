import {
  CONSENT_MESSAGES,
  CONSENT_NOTICE_TEXT,
  INTERACTION_MESSAGES,
  MESSAGES,
  consentRequirement,
  formatPlayerTime,
  type ConsentMethod,
  type OpenJob,
} from '@fieldbot/shared';
import { Alert, Box, Button, Group, Loader, Modal, Progress, Stack, Text } from '@mantine/core';
import { IconAlertCircle, IconMicrophone, IconPlayerStopFilled } from '@tabler/icons-react';
import { useState } from 'react';
import { DisabledReason } from '@/components/disabled-reason';
import { notifySuccess } from '@/lib/notify';
import { keepsRecordingsOnDevice } from '../lib/pending-recordings';
import { defaultJobId, needsJobChoice } from '../lib/recording-target';
import { useLevelMeter } from '../lib/use-level-meter';
import { RECORDER_MESSAGES, useVisitRecorder } from '../lib/use-visit-recorder';
import { ConsentCheckbox } from './consent-checkbox';
import { JobSelect } from './job-select';

export interface RecordVisitButtonProps {
  customerId: string;
  userId: string;
  /** The customer's open jobs; undefined while unknown. */
  jobs: readonly OpenJob[] | undefined;
  /** How the company takes the customer's consent: a required check, a played notice, or both. */
  consentMethod: ConsentMethod;
  /** The customer asked not to be recorded: the button is off and says why. */
  doNotRecord?: boolean;
  onCreated?: (interactionId: string) => void;
  /** The dialog closed with an unsaved recording kept on the device. */
  onKept?: () => void;
}

/** What the upload line says while recording or saving. */
function uploadStatus(queue: { uploaded: number; total: number; retrying: boolean }) {
  const parts = `${queue.uploaded} of ${queue.total} parts uploaded`;
  return queue.retrying ? `Connection problem, retrying… (${parts})` : parts;
}

/** 'Record Visit': records in the browser, uploading as it goes; Stop & Save creates the interaction. */
export function RecordVisitButton({
  customerId,
  userId,
  jobs,
  consentMethod,
  doNotRecord = false,
  onCreated,
  onKept,
}: RecordVisitButtonProps) {
  const required = consentRequirement(consentMethod);
  /** The consent step before the microphone starts (only when the check is required). */
  const [asking, setAsking] = useState(false);
  const [agreed, setAgreed] = useState(false);
  const [triedWithoutConsent, setTriedWithoutConsent] = useState(false);
  const recorder = useVisitRecorder({
    customerId,
    userId,
    onSaved: (id) => {
      notifySuccess(INTERACTION_MESSAGES.recordingSaved);
      onCreated?.(id);
    },
    onKept,
  });
  const level = useLevelMeter(recorder.stream);
  const { phase, queue } = recorder;
  const [chosenJob, setChosenJob] = useState<string | null>(null);
  const jobId = chosenJob ?? defaultJobId(jobs);
  const mustChooseJob = needsJobChoice(jobs, jobId);
  // Uploads failing for long while recording, or the save failed: the audio is on the device.
  const uploadFailed = phase === 'failed' || (phase === 'recording' && queue.failed);
  // A stray click or key must not throw a visit away: while recording or saving only Cancel closes.
  const busy = phase === 'recording' || phase === 'saving' || phase === 'starting';
  const noticePlaying = recorder.notice === 'playing';

  const startRecording = (customerAgreed: boolean) => {
    setAsking(false);
    void recorder.start({ customerAgreed, playNotice: required.notice });
  };

  return (
    <>
      <DisabledReason reason={doNotRecord ? CONSENT_MESSAGES.doNotRecord : null}>
        <Button
          leftSection={<IconMicrophone size={18} aria-hidden />}
          onClick={() => {
            setChosenJob(null);
            if (required.confirmation) {
              setAgreed(false);
              setTriedWithoutConsent(false);
              setAsking(true);
            } else {
              startRecording(false);
            }
          }}
          disabled={phase !== 'idle' || asking}
        >
          Record Visit
        </Button>
      </DisabledReason>
      <Modal
        opened={asking}
        onClose={() => setAsking(false)}
        title="Record Visit"
        centered
        closeButtonProps={{ 'aria-label': 'Close' }}
      >
        <Stack gap="md">
          <Text size="sm">
            Before you start, ask the customer whether they agree to be recorded.
          </Text>
          <ConsentCheckbox checked={agreed} onChange={setAgreed} showError={triedWithoutConsent} />
          {required.notice ? (
            <Text size="sm" c="dimmed">
              A short recorded notice will play when the recording starts.
            </Text>
          ) : null}
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setAsking(false)}>
              Cancel
            </Button>
            <Button
              leftSection={<IconMicrophone size={16} aria-hidden />}
              onClick={() => {
                if (agreed) startRecording(true);
                else setTriedWithoutConsent(true);
              }}
            >
              Start recording
            </Button>
          </Group>
        </Stack>
      </Modal>
      <Modal
        opened={phase !== 'idle'}
        onClose={phase === 'failed' ? recorder.keep : recorder.cancel}
        title="Record Visit"
        centered
        closeOnClickOutside={!busy}
        closeOnEscape={!busy}
        withCloseButton={!busy}
      >
        <Stack gap="md">
          {phase === 'starting' ? (
            <Group gap="sm" role="status">
              <Loader size="sm" aria-hidden />
              <Text>Waiting for the microphone…</Text>
            </Group>
          ) : null}

          {phase === 'recording' || phase === 'saving' || phase === 'failed' ? (
            <Stack gap="xs" align="center">
              <Group gap="xs">
                {phase === 'recording' ? (
                  <Box w={10} h={10} bg="red" style={{ borderRadius: '50%' }} aria-hidden />
                ) : null}
                <Text fw={600}>{phase === 'recording' ? 'Recording' : 'Recorded'}</Text>
              </Group>
              <Text
                fz={32}
                ff="monospace"
                aria-label="Elapsed time"
                data-testid="recording-elapsed"
              >
                {formatPlayerTime(recorder.elapsed)}
              </Text>
              {phase === 'recording' && level !== null ? (
                <Progress
                  w="100%"
                  value={Math.round(level * 100)}
                  aria-label="Microphone level"
                  transitionDuration={80}
                />
              ) : null}
              <Text size="sm" c="dimmed" role="status" data-testid="upload-status">
                {uploadStatus(queue)}
              </Text>
              {noticePlaying ? (
                <Alert color="blue" title={CONSENT_MESSAGES.noticePlaying} w="100%">
                  <Text size="sm">“{CONSENT_NOTICE_TEXT}”</Text>
                </Alert>
              ) : null}
            </Stack>
          ) : null}

          {phase === 'recording' || phase === 'saving' || phase === 'failed' ? (
            <JobSelect
              jobs={jobs}
              value={jobId}
              onChange={setChosenJob}
              disabled={phase === 'saving'}
            />
          ) : null}

          {phase === 'saving' ? (
            <Group gap="sm" justify="center" role="status">
              <Loader size="sm" aria-hidden />
              <Text>Saving the recording…</Text>
            </Group>
          ) : null}

          {uploadFailed ? (
            <Alert
              color="red"
              icon={<IconAlertCircle aria-hidden />}
              role="alert"
              title={recorder.error ?? MESSAGES.uploadFailed}
              data-testid="upload-failed"
            >
              {keepsRecordingsOnDevice()
                ? RECORDER_MESSAGES.savedOnDevice
                : RECORDER_MESSAGES.keepWindowOpen}
            </Alert>
          ) : recorder.error ? (
            <Alert color="red" icon={<IconAlertCircle aria-hidden />} role="alert">
              {recorder.error}
            </Alert>
          ) : null}

          <Group justify="flex-end">
            {phase === 'unavailable' ? (
              <Button variant="default" onClick={recorder.cancel}>
                Close
              </Button>
            ) : phase === 'failed' ? (
              // Closing keeps the recording on the device; the customer page offers to finish it.
              <Button variant="default" onClick={recorder.keep}>
                Close
              </Button>
            ) : (
              <Button variant="default" onClick={recorder.cancel}>
                Cancel
              </Button>
            )}
            {phase === 'recording' || phase === 'saving' ? (
              <Button
                color="red"
                leftSection={<IconPlayerStopFilled size={16} aria-hidden />}
                // Focused on open: a stray Enter must save the visit, never discard it.
                data-autofocus
                onClick={() => void recorder.stopAndSave(jobId)}
                loading={phase === 'saving'}
                disabled={mustChooseJob || noticePlaying}
              >
                Stop & Save
              </Button>
            ) : null}
            {phase === 'recording' && queue.failed ? (
              <Button variant="light" onClick={recorder.retryUploadsNow}>
                Retry
              </Button>
            ) : null}
            {phase === 'failed' ? (
              <Button onClick={() => void recorder.retry(jobId)} disabled={mustChooseJob}>
                Retry
              </Button>
            ) : null}
          </Group>
        </Stack>
      </Modal>
    </>
  );
}
