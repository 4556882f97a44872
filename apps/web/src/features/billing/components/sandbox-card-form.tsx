import { BILLING_MESSAGES } from '@fieldbot/shared';
import { Alert, Button, Group, List, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconAlertCircle, IconFlask } from '@tabler/icons-react';
import { useState } from 'react';
import { focusFirstError } from '@/lib/forms/focus-first-error';
import { confirmSandboxSetup } from '../api/confirm-sandbox-setup';
import {
  CARD_TYPE_LABELS,
  detectCardType,
  EMPTY_CARD,
  formatCardNumber,
  formatExpiry,
  sandboxSetupBody,
  validateCard,
  type SandboxCardValues,
} from '../lib/card-fields';
import { useCardSave } from '../lib/use-card-save';
import { CardBrandIcon } from './card-brand-icon';

/** The sandbox's test numbers and what each does. */
export const SANDBOX_TEST_CARDS = [
  { number: '4242 4242 4242 4242', outcome: 'succeeds' },
  { number: '4000 0000 0000 0002', outcome: 'is declined' },
  { number: '4000 0000 0000 0341', outcome: 'saves, but every charge fails' },
] as const;

export interface CardFormProps {
  clientSecret: string;
  onSaved: () => void;
  onCancel: () => void;
}

/**
 * The built-in sandbox's card form (no network): name, number with its brand, expiry MM/YY and
 * CVC, checked with card-validator. The card goes to the sandbox's confirm-setup only; the company
 * API receives the brand, last four and expiry. Number and CVC are cleared after every submit.
 */
export function SandboxCardForm({ clientSecret, onSaved, onCancel }: CardFormProps) {
  const { formError, setFormError, fail, saveConfirmed } = useCardSave('sandbox', onSaved);
  const [submitting, setSubmitting] = useState(false);
  const form = useForm<SandboxCardValues>({
    initialValues: EMPTY_CARD,
    validate: validateCard,
    validateInputOnBlur: true,
  });
  const brand = detectCardType(form.values.number);

  const submit = form.onSubmit(async (values) => {
    setFormError(null);
    setSubmitting(true);
    // The form never keeps the full number: it leaves the state as soon as it is sent.
    form.setValues({ number: '', cvc: '' });
    form.resetTouched();
    try {
      const { data: card } = await confirmSandboxSetup(sandboxSetupBody(values, clientSecret));
      await saveConfirmed({
        card_type: card.card_type,
        card_number: card.card_number,
        expiry_date: card.expiry_date,
        source_id: card.payment_method,
        customer_name: values.name.trim(),
      });
    } catch (error) {
      fail(error);
    } finally {
      setSubmitting(false);
    }
  }, focusFirstError(form));

  return (
    <form onSubmit={submit} noValidate aria-label="Card details">
      <Stack gap="md">
        <Alert
          variant="light"
          color="yellow"
          icon={<IconFlask aria-hidden />}
          title="Sandbox"
          role="note"
        >
          <Text size="sm">{BILLING_MESSAGES.sandboxNotice}</Text>
          <List size="sm" mt={4} spacing={2}>
            {SANDBOX_TEST_CARDS.map((card) => (
              <List.Item key={card.number}>
                <Text span ff="monospace" size="sm">
                  {card.number}
                </Text>{' '}
                {card.outcome}
              </List.Item>
            ))}
          </List>
        </Alert>
        {formError ? (
          <Alert color="red" variant="light" icon={<IconAlertCircle aria-hidden />} role="alert">
            {formError}
          </Alert>
        ) : null}
        <TextInput
          label="Name on card"
          autoComplete="cc-name"
          required
          {...form.getInputProps('name')}
        />
        <TextInput
          label="Card number"
          autoComplete="cc-number"
          inputMode="numeric"
          placeholder="1234 1234 1234 1234"
          required
          rightSection={<CardBrandIcon type={brand} size={22} />}
          rightSectionWidth={40}
          description={brand ? CARD_TYPE_LABELS[brand] : undefined}
          {...form.getInputProps('number')}
          onChange={(event) =>
            form.setFieldValue('number', formatCardNumber(event.currentTarget.value))
          }
        />
        <SimpleGrid cols={2}>
          <TextInput
            label="Expiry (MM/YY)"
            autoComplete="cc-exp"
            inputMode="numeric"
            placeholder="MM/YY"
            required
            {...form.getInputProps('expiry')}
            onChange={(event) =>
              form.setFieldValue(
                'expiry',
                formatExpiry(event.currentTarget.value, form.values.expiry),
              )
            }
          />
          <TextInput
            label="CVC"
            autoComplete="cc-csc"
            inputMode="numeric"
            placeholder="CVC"
            required
            maxLength={4}
            {...form.getInputProps('cvc')}
            onChange={(event) =>
              form.setFieldValue('cvc', event.currentTarget.value.replace(/\D/g, '').slice(0, 4))
            }
          />
        </SimpleGrid>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onCancel} disabled={submitting}>
            Cancel
          </Button>
          <Button type="submit" loading={submitting}>
            Save card
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
