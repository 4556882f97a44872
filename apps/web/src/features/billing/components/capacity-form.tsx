import {
  BILLING_MESSAGES,
  CAPACITY_ALERT_THRESHOLDS,
  CAPACITY_MAX_DOLLARS,
  SOFT_CAPACITY_EVENT,
  capacityFormSchema,
} from '@fieldbot/shared';
import { Button, Group, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconCurrencyDollar } from '@tabler/icons-react';
import type { ChangeEvent } from 'react';
import { analytics } from '@/lib/analytics';
import { applyServerErrors } from '@/lib/forms/server-errors';
import { focusFirstError } from '@/lib/forms/focus-first-error';
import { notifyError, notifySuccess } from '@/lib/notify';
import { useUpdateCapacity } from '../api/update-capacity';
import {
  blankNegative,
  blockCapacityKeys,
  capacityBody,
  capacityValuesOf,
  hardNotAboveSoft,
  validateCapacity,
  wantsSoftCapacityEvent,
  type CapacityValues,
} from '../lib/capacity-form';

const FIELDS = ['soft_capacity', 'hard_capacity'] as const;

export interface CapacityFormProps {
  limits: { soft_capacity: number | null; hard_capacity: number | null };
}

/** Spec §5 "Capacity": soft (required) and hard (optional) spending limits in US dollars a month. */
export function CapacityForm({ limits }: CapacityFormProps) {
  const update = useUpdateCapacity();
  const form = useForm<CapacityValues>({
    initialValues: capacityValuesOf(limits),
    validate: validateCapacity,
    validateInputOnChange: true,
  });
  const blocked = hardNotAboveSoft(form.values);

  const submit = form.onSubmit((values) => {
    // validateCapacity passed, so this parse does too; it types the body.
    const body = capacityFormSchema.parse(capacityBody(values));
    // The promise, not mutate()'s callbacks: the refetched limits re-key (remount) this form, and
    // React Query drops the callbacks of an unmounted caller, which lost the toast under load.
    update.mutateAsync(body).then(
      ({ message }) => {
        notifySuccess(message || BILLING_MESSAGES.limitUpdated);
        if (wantsSoftCapacityEvent(body.soft_capacity)) {
          analytics.track(SOFT_CAPACITY_EVENT, {
            soft_capacity: body.soft_capacity,
            hard_capacity: body.hard_capacity,
          });
        }
        form.resetDirty(values);
      },
      (error: unknown) => {
        const message = applyServerErrors(form, error, FIELDS);
        if (message) notifyError(message);
      },
    );
  }, focusFirstError(form));

  // A native number input: React puts the state's value back after a change it ignores, so a
  // blanked negative is really cleared (a formatting input would keep showing it).
  const input = (field: keyof CapacityValues) => {
    const { value, ...props } = form.getInputProps(field);
    return {
      ...props,
      value: value === '' ? '' : String(value),
      onChange: (event: ChangeEvent<HTMLInputElement>) =>
        form.setFieldValue(field, blankNegative(event.currentTarget.value)),
      onKeyDown: blockCapacityKeys,
      type: 'number',
      min: 0,
      max: CAPACITY_MAX_DOLLARS,
      step: 'any',
      inputMode: 'decimal' as const,
      leftSection: <IconCurrencyDollar size={16} aria-hidden />,
    };
  };

  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby="capacity-form-title">
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <div>
            <Title order={2} size="h4" id="capacity-form-title">
              Spending limits
            </Title>
            <Text size="sm" c="dimmed">
              In US dollars per billing month (a calendar month in your company&apos;s time zone).
            </Text>
          </div>
          <TextInput
            label="Soft Capacity (USD per month)"
            description={`Admins are e-mailed at ${CAPACITY_ALERT_THRESHOLDS.join(' %, ')} % of it.`}
            required
            {...input('soft_capacity')}
          />
          <TextInput
            label="Hard Capacity (USD per month)"
            description="Optional. At this spend new bot runs and transcriptions wait until the next month or a higher limit."
            {...input('hard_capacity')}
          />
          <Group justify="flex-end">
            <Button type="submit" loading={update.isPending} disabled={blocked}>
              Save
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}
