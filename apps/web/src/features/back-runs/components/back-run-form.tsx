import {
  backRunRequestSchema,
  botAppliesToCustomer,
  type BackRunRequest,
  type CompanyBot,
  formatUsd,
} from '@fieldbot/shared';
import { Alert, Button, Group, Select, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { useState } from 'react';
import { useCompanyBots } from '@/components/bot-result';
import { DisabledReason } from '@/components/disabled-reason';
import { isApiError, type FieldErrors } from '@/lib/http';
import { errorMessage } from '@/lib/notify';
import { useEstimateBackRun } from '../api/estimate-back-run';
import { useStartBackRun } from '../api/start-back-run';
import { defaultRange } from '../lib/default-range';

export const NO_BACK_RUN_BOTS = 'Your company has no bots that run on interactions.';
export const ESTIMATE_FIRST = 'Estimate first to see how many interactions will run.';
export const NOTHING_TO_RUN = 'No interactions with a transcript in this range.';

/** Job-complete bots run on customers, never on one past interaction. */
export const backRunBots = (bots: readonly CompanyBot[]) =>
  bots.filter((bot) => !botAppliesToCustomer(bot));

/** The first message of each field of a zod failure, keyed like the server's 422 errors. */
function fieldErrorsOf(issues: readonly { path: PropertyKey[]; message: string }[]): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of issues) {
    const field = String(issue.path[0] ?? 'bot_id');
    errors[field] ??= [issue.message];
  }
  return errors;
}

export interface BackRunFormProps {
  opened: boolean;
  onStarted: (backRunId: string) => void;
  onClose: () => void;
}

/** Choose a bot and UTC days, estimate (count and cost), then run. */
export function BackRunForm({ opened, onStarted, onClose }: BackRunFormProps) {
  const bots = useCompanyBots({ enabled: opened });
  const estimate = useEstimateBackRun();
  const start = useStartBackRun();
  const [request, setRequest] = useState<
    { bot_id: string | null } & Omit<BackRunRequest, 'bot_id'>
  >(() => ({ bot_id: null, ...defaultRange() }));
  const [clientErrors, setClientErrors] = useState<FieldErrors>({});
  const options = backRunBots(bots.data ?? []).map((bot) => ({ value: bot.id, label: bot.name }));

  const serverError = estimate.error ?? start.error;
  const fieldError = (field: keyof BackRunRequest) =>
    clientErrors[field]?.[0] ??
    (isApiError(serverError) ? serverError.fieldError(field) : undefined);
  const generalError =
    serverError && !(isApiError(serverError) && Object.keys(serverError.errors).length > 0)
      ? errorMessage(serverError)
      : null;

  // Any change makes the shown estimate stale.
  const change = (patch: Partial<typeof request>) => {
    setRequest((current) => ({ ...current, ...patch }));
    setClientErrors({});
    estimate.reset();
    start.reset();
  };

  const valid = (): BackRunRequest | null => {
    const parsed = backRunRequestSchema.safeParse(request);
    setClientErrors(parsed.success ? {} : fieldErrorsOf(parsed.error.issues));
    return parsed.success ? parsed.data : null;
  };

  const submitEstimate = () => {
    const body = valid();
    if (body && !estimate.isPending) estimate.mutate(body);
  };

  const run = () => {
    const body = valid();
    if (body && !start.isPending) start.mutate(body, { onSuccess: (r) => onStarted(r.id) });
  };

  const count = estimate.data?.interactions ?? 0;
  const runBlock = !estimate.data ? ESTIMATE_FIRST : count === 0 ? NOTHING_TO_RUN : null;

  return (
    <Stack>
      <Select
        label="Bot"
        placeholder={bots.isPending ? 'Loading bots…' : 'Choose a bot'}
        data={options}
        value={request.bot_id}
        onChange={(botId) => change({ bot_id: botId })}
        searchable
        nothingFoundMessage="Nothing found"
        disabled={bots.isPending}
        error={bots.isError ? errorMessage(bots.error) : fieldError('bot_id')}
        withAsterisk
      />
      {bots.isSuccess && options.length === 0 ? (
        <Text size="sm" c="dimmed">
          {NO_BACK_RUN_BOTS}
        </Text>
      ) : null}
      <SimpleGrid cols={{ base: 1, xs: 2 }}>
        <TextInput
          type="date"
          label="From"
          value={request.from}
          onChange={(e) => change({ from: e.currentTarget.value })}
          error={fieldError('from')}
          withAsterisk
        />
        <TextInput
          type="date"
          label="To"
          value={request.to}
          onChange={(e) => change({ to: e.currentTarget.value })}
          error={fieldError('to')}
          withAsterisk
        />
      </SimpleGrid>
      <Text size="xs" c="dimmed">
        Days are UTC. Completed interactions with a transcript that the bot fits are included.
      </Text>
      {estimate.data ? (
        <Text role="status" fw={600}>
          {`${count} interaction${count === 1 ? '' : 's'} · estimated cost ${formatUsd(
            estimate.data.estimated_cost_cents,
          )}`}
        </Text>
      ) : null}
      {generalError ? (
        <Alert color="red" icon={<IconAlertCircle aria-hidden />} role="alert">
          {generalError}
        </Alert>
      ) : null}
      <Group justify="flex-end">
        <Button variant="default" onClick={onClose}>
          Close
        </Button>
        <Button variant="light" onClick={submitEstimate} loading={estimate.isPending}>
          Estimate
        </Button>
        <DisabledReason reason={runBlock}>
          <Button onClick={run} loading={start.isPending}>
            Run
          </Button>
        </DisabledReason>
      </Group>
    </Stack>
  );
}
