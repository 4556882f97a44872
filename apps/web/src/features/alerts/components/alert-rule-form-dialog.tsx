import {
  ALERT_CHANNEL_LABELS,
  ALERT_CHANNELS,
  ALERT_CONDITION_LABELS,
  ALERT_CONDITIONS,
  ALERT_LIMITS,
  ALERT_RECIPIENT_ROLES,
  ROLE_TITLES,
  type AlertRule,
} from '@fieldbot/shared';
import {
  Button,
  Checkbox,
  Group,
  Modal,
  MultiSelect,
  NumberInput,
  Radio,
  Select,
  Skeleton,
  Stack,
  Switch,
  TextInput,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { useEffect } from 'react';
import { applyServerErrors } from '@/lib/forms/server-errors';
import { focusFirstError } from '@/lib/forms/focus-first-error';
import { notifyError, notifySuccess } from '@/lib/notify';
import { useAlertRuleOptions, useSaveAlertRule } from '../api/alerts';
import {
  FORM_FIELD,
  ruleBody,
  ruleFormValues,
  validateRule,
  type RuleFormValues,
} from '../lib/rule-form';

const INTERACTION_TYPES = [
  { value: '', label: 'Calls and field recordings' },
  { value: 'csr-call', label: 'Calls only' },
  { value: 'field-recording', label: 'Field recordings only' },
];

/** Create (rule 'new') or edit an alert rule; closed when rule is null. */
export function AlertRuleFormDialog(props: {
  rule: AlertRule | 'new' | null;
  onClose: () => void;
}) {
  const opened = props.rule !== null;
  const rule = props.rule === 'new' ? null : props.rule;
  return (
    <Modal
      opened={opened}
      onClose={props.onClose}
      title={rule ? 'Edit alert rule' : 'New alert rule'}
      size="lg"
      centered
    >
      {opened && <RuleForm key={rule?.id ?? 'new'} rule={rule} onClose={props.onClose} />}
    </Modal>
  );
}

function RuleForm({ rule, onClose }: { rule: AlertRule | null; onClose: () => void }) {
  const options = useAlertRuleOptions(true);
  const save = useSaveAlertRule();
  const form = useForm<RuleFormValues>({
    initialValues: ruleFormValues(rule),
    validate: validateRule,
  });
  const { condition, bot_id: botId } = form.values;
  const tagRule = condition === 'tag_found' || condition === 'tag_not_found';
  const bot = options.data?.bots.find((b) => b.id === botId);

  // A tag of another bot is no choice for this one.
  useEffect(() => {
    if (bot && form.values.tag_label && !bot.tags.includes(form.values.tag_label)) {
      form.setFieldValue('tag_label', '');
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only when the bot changes
  }, [botId, bot]);

  const submit = form.onSubmit((values) => {
    save.mutate(
      { id: rule?.id ?? null, values: ruleBody(values) },
      {
        onSuccess: ({ message }) => {
          notifySuccess(message);
          onClose();
        },
        onError: (error) => {
          const message = applyServerErrors(
            {
              setErrors: (errors) =>
                form.setErrors(
                  Object.fromEntries(
                    Object.entries(errors).map(([k, v]) => [FORM_FIELD[k] ?? k, v]),
                  ),
                ),
            },
            error,
            Object.keys(FORM_FIELD),
          );
          if (message) notifyError(message);
        },
      },
    );
  }, focusFirstError(form));

  if (!options.data) {
    return (
      <Stack gap="md" aria-busy="true" aria-label="Loading the rule form">
        {[0, 1, 2, 3].map((i) => (
          <Skeleton key={i} height={36} />
        ))}
      </Stack>
    );
  }

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <TextInput
          label="Name"
          required
          maxLength={ALERT_LIMITS.nameMax}
          {...form.getInputProps('name')}
        />
        <Select
          label="Alert when"
          required
          allowDeselect={false}
          data={ALERT_CONDITIONS.map((c) => ({ value: c, label: ALERT_CONDITION_LABELS[c] }))}
          {...form.getInputProps('condition')}
        />
        {tagRule && (
          <>
            <Select
              label="Bot"
              required
              searchable
              data={options.data.bots.map((b) => ({ value: b.id, label: b.name }))}
              {...form.getInputProps('bot_id')}
              onChange={(value) => form.setFieldValue('bot_id', value ?? '')}
            />
            <Select
              label="Output tag"
              required
              disabled={!bot}
              data={bot?.tags ?? []}
              {...form.getInputProps('tag_label')}
              onChange={(value) => form.setFieldValue('tag_label', value ?? '')}
            />
            <Select
              label="Interactions"
              allowDeselect={false}
              data={INTERACTION_TYPES}
              {...form.getInputProps('interaction_type')}
            />
          </>
        )}
        {condition === 'spend_threshold' && (
          <NumberInput
            label="Spend this month reaches (USD)"
            required
            min={0.01}
            decimalScale={2}
            prefix="$"
            thousandSeparator=","
            {...form.getInputProps('spend_dollars')}
          />
        )}
        <Checkbox.Group
          label="Alert these roles"
          description="Field technicians only hear of their own interactions and jobs."
          {...form.getInputProps('recipient_roles')}
        >
          <Group gap="md" mt="xs">
            {ALERT_RECIPIENT_ROLES.map((role) => (
              <Checkbox key={role} value={role} label={ROLE_TITLES[role]} />
            ))}
          </Group>
        </Checkbox.Group>
        <MultiSelect
          label="And these people"
          searchable
          data={options.data.users.map((u) => ({
            value: u.id,
            label: `${u.name} (${ROLE_TITLES[u.role]})`,
          }))}
          {...form.getInputProps('recipient_user_ids')}
        />
        <Radio.Group label="How" required {...form.getInputProps('channel')}>
          <Stack gap="xs" mt="xs">
            {ALERT_CHANNELS.map((c) => (
              <Radio key={c} value={c} label={ALERT_CHANNEL_LABELS[c]} />
            ))}
          </Stack>
        </Radio.Group>
        <Switch label="Enabled" {...form.getInputProps('enabled', { type: 'checkbox' })} />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" loading={save.isPending}>
            Save
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
