import { BOT_LIMITS } from '@fieldbot/shared';
import {
  Alert,
  Button,
  Paper,
  SegmentedControl,
  Select,
  Skeleton,
  Stack,
  Text,
  Textarea,
  Title,
} from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { IconAlertCircle, IconPlayerPlay } from '@tabler/icons-react';
import { useState } from 'react';
import { isApiError } from '@/lib/http';
import { errorMessage } from '@/lib/notify';
import { useSampleTranscripts } from '../api/get-sample-transcripts';
import { useTestRun } from '../api/test-run';
import { serverFieldErrors, toBotInput, type BotFormValues } from '../lib/bot-form';
import { TestRunResult } from './test-run-result';

type Source = 'sample' | 'paste';

export interface TestRunPanelProps {
  form: UseFormReturnType<BotFormValues>;
  botId: string | null;
}

export const FIX_FORM_FIRST = 'Fix the highlighted fields of the bot first.';

/** Test run: the unsaved draft over a demo clip or a pasted transcript; nothing is stored. */
export function TestRunPanel({ form, botId }: TestRunPanelProps) {
  const samples = useSampleTranscripts();
  const testRun = useTestRun();
  const [source, setSource] = useState<Source>('sample');
  const [sampleId, setSampleId] = useState<string | null>(null);
  const [pasted, setPasted] = useState('');
  const [problem, setProblem] = useState<string | null>(null);

  const run = () => {
    setProblem(null);
    if (form.validate().hasErrors) {
      setProblem(FIX_FORM_FIRST);
      return;
    }
    if (source === 'sample' ? !sampleId : pasted.trim() === '') {
      setProblem(source === 'sample' ? 'Pick a sample transcript.' : 'Paste a transcript.');
      return;
    }
    testRun.mutate(
      {
        bot: toBotInput(form.values),
        bot_id: botId,
        sample_id: source === 'sample' ? sampleId : null,
        transcript: source === 'paste' ? pasted : null,
      },
      {
        onError: (error) => {
          if (isApiError(error) && error.status === 422) {
            const fields = serverFieldErrors(error.errors);
            if (Object.keys(fields).length > 0) form.setErrors(fields);
          }
        },
      },
    );
  };

  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby="test-run-title">
      <Stack gap="sm">
        <Title order={2} size="h4" id="test-run-title">
          Test run
        </Title>
        <Text size="sm" c="dimmed">
          Runs the bot as it is in the form now, saved or not. Nothing is stored or charged.
        </Text>
        <SegmentedControl
          value={source}
          onChange={(value) => setSource(value as Source)}
          data={[
            { value: 'sample', label: 'Pick a sample' },
            { value: 'paste', label: 'Paste a transcript' },
          ]}
          aria-label="Transcript source"
        />
        {source === 'sample' ? (
          samples.isPending ? (
            <Skeleton height={36} data-testid="samples-loading" />
          ) : samples.isError ? (
            <Text size="sm" c="red" role="alert">
              {errorMessage(samples.error)}
            </Text>
          ) : (
            <Select
              label="Sample transcript"
              placeholder="Pick one"
              data={samples.data.map((s) => ({ value: s.id, label: s.title }))}
              value={sampleId}
              onChange={setSampleId}
              nothingFoundMessage="No samples"
            />
          )
        ) : (
          <Textarea
            label="Transcript"
            description="One line per turn: '[mm:ss] Speaker: text' or 'Speaker: text'."
            rows={4}
            resize="vertical"
            maxLength={BOT_LIMITS.sampleTranscriptMax}
            value={pasted}
            onChange={(event) => setPasted(event.currentTarget.value)}
          />
        )}
        <Button
          onClick={run}
          loading={testRun.isPending}
          leftSection={<IconPlayerPlay size={16} aria-hidden />}
          style={{ alignSelf: 'flex-start' }}
        >
          Run test
        </Button>
        {problem ? (
          <Text size="sm" c="red" role="alert">
            {problem}
          </Text>
        ) : null}
        {testRun.isError ? (
          <Alert
            color="red"
            variant="light"
            icon={<IconAlertCircle size={18} aria-hidden />}
            role="alert"
          >
            {errorMessage(testRun.error)}
          </Alert>
        ) : null}
        {testRun.isPending ? (
          <Stack gap="xs" data-testid="test-run-loading">
            <Skeleton height={14} />
            <Skeleton height={14} />
            <Skeleton height={14} width="70%" />
          </Stack>
        ) : testRun.data ? (
          <TestRunResult data={testRun.data} />
        ) : null}
      </Stack>
    </Paper>
  );
}
