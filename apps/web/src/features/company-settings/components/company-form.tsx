import { COMPANY_LIMITS, type Company } from '@fieldbot/shared';
import {
  Divider,
  MultiSelect,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Textarea,
  Title,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import { FormActions } from '@/components/forms/form-actions';
import { LogoUploadField } from '@/components/forms/logo-upload-field';
import { focusFirstError } from '@/lib/forms/focus-first-error';
import { applyServerErrors } from '@/lib/forms/server-errors';
import { notifyError, notifySuccess } from '@/lib/notify';
import { useCreateCompany } from '../api/create-company';
import type { CompanyOptions } from '../api/get-company-options';
import { useUpdateCompany } from '../api/update-company';
import {
  CLEARED_LOCATION,
  COMPANY_FIELDS,
  addressValues,
  companyChanges,
  companyCreateBody,
  companyInitialValues,
  hasLocation,
  validateCompanyForm,
  type CompanyValues,
} from '../lib/company-form';
import { AddressField } from './address-field';

/** Onboarding step 2 (spec §2 Settings): /settings/billing leads on to the invoice history. */
export const BILLING_STEP_PATH = '/settings/billing';

/** Spec §9: multi-select lists show 50 options. */
const MULTI_SELECT_LIMIT = 50;
const NOTHING_FOUND = 'Nothing found';

const toOptions = (rows: readonly { id: number; name: string }[]) =>
  rows.map((row) => ({ value: row.id, label: row.name }));

interface CompanyFormProps {
  /** The admin's company; null while onboarding (the form then creates it). */
  company: Company | null;
  options: CompanyOptions;
}

/** Spec §5 "Company form": create on onboarding step 1, afterwards update of the changed fields. */
export function CompanyForm({ company, options }: CompanyFormProps) {
  const navigate = useNavigate();
  const create = useCreateCompany();
  const update = useUpdateCompany();
  const [uploading, setUploading] = useState(false);
  const [baseline, setBaseline] = useState(() => companyInitialValues(company));
  const form = useForm<CompanyValues>({
    initialValues: baseline,
    validate: validateCompanyForm,
    // Long texts say at once when they pass their limit.
    validateInputOnChange: ['description', 'field_team_process', 'phone_process'],
  });
  const { values } = form;

  const timezoneOptions = useMemo(() => toOptions(options.timezones), [options.timezones]);
  const industryOptions = useMemo(() => toOptions(options.industries), [options.industries]);
  const typeOptions = useMemo(() => toOptions(options.companyTypes), [options.companyTypes]);
  const tradeOptions = useMemo(
    () => toOptions(options.trades.filter((trade) => trade.industry_id === values.industry_id)),
    [options.trades, values.industry_id],
  );

  // Set once: after create the stored company arrives just before the move to billing.
  const [creating] = useState(company === null);
  const changes = creating ? {} : companyChanges(values, baseline);
  const hasChanges = Object.keys(changes).length > 0;
  const pending = create.isPending || update.isPending;

  const onServerError = (error: unknown) => {
    const message = applyServerErrors(form, error, COMPANY_FIELDS);
    if (message) notifyError(message);
  };

  const submit = form.onSubmit((submitted) => {
    if (creating) {
      // Awaited rather than a mutate callback: storing the company re-renders this form first.
      void create
        .mutateAsync(companyCreateBody(submitted))
        .then(() => navigate(BILLING_STEP_PATH), onServerError);
      return;
    }
    const body = companyChanges(submitted, baseline);
    if (Object.keys(body).length === 0) return;
    update.mutate(body, {
      onSuccess: (message) => {
        setBaseline(submitted);
        notifySuccess(message);
      },
      onError: onServerError,
    });
  }, focusFirstError(form));

  // Field by field: each clears only its own error, the others' stay until they are fixed.
  const setFields = (patch: Partial<CompanyValues>) => {
    for (const [field, value] of Object.entries(patch)) {
      form.setFieldValue(field as keyof CompanyValues, value as never);
    }
  };

  const tradesReady = values.industry_id !== null && values.type_id !== null;

  return (
    <Paper withBorder radius="md" p={{ base: 'md', sm: 'xl' }}>
      <form onSubmit={submit} noValidate aria-labelledby="company-form-title">
        <Stack gap="lg">
          <div>
            <Title order={2} size="h4" id="company-form-title">
              Company Information
            </Title>
            <Text size="sm" c="dimmed">
              {creating
                ? 'Step 1 of set-up: tell us about your company.'
                : 'Your company as your team and bots see it.'}
            </Text>
          </div>

          <LogoUploadField
            folder="company-logo"
            ownerName={values.name}
            fallbackAlt="Company logo"
            logo={values.logo}
            error={form.errors.logo}
            onChange={(url) => form.setFieldValue('logo', url)}
            onUploadingChange={setUploading}
          />

          <TextInput
            label="Company Name"
            required
            autoComplete="organization"
            {...form.getInputProps('name')}
          />

          <Divider label="Location" labelPosition="left" />
          <AddressField
            value={values.street_address}
            chosen={hasLocation(values)}
            error={form.errors.street_address}
            onTextChange={(text) => setFields({ street_address: text, ...CLEARED_LOCATION })}
            onChoose={(address) => setFields(addressValues(address, options.timezones))}
            onBlur={() => form.validateField('street_address')}
          />
          <SimpleGrid cols={{ base: 1, sm: 3 }}>
            <TextInput label="City" required readOnly {...form.getInputProps('city')} />
            <TextInput label="State" required readOnly {...form.getInputProps('state')} />
            <TextInput label="Zipcode" required readOnly {...form.getInputProps('zipcode')} />
          </SimpleGrid>
          <Select<number>
            label="Timezone"
            required
            searchable
            placeholder="Select timezone"
            nothingFoundMessage={NOTHING_FOUND}
            data={timezoneOptions}
            {...form.getInputProps('timezone_id')}
          />

          <Divider label="Business" labelPosition="left" />
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <Select<number>
              label="Industry"
              required
              searchable
              placeholder="Select industry"
              nothingFoundMessage={NOTHING_FOUND}
              data={industryOptions}
              {...form.getInputProps('industry_id')}
              onChange={(industryId) => {
                // Spec §5: changing industry clears trades.
                if (industryId !== values.industry_id) form.setFieldValue('trade_ids', []);
                form.setFieldValue('industry_id', industryId);
              }}
            />
            <Select<number>
              label="Type"
              required
              searchable
              placeholder="Select type"
              nothingFoundMessage={NOTHING_FOUND}
              data={typeOptions}
              {...form.getInputProps('type_id')}
            />
          </SimpleGrid>
          <MultiSelect<number>
            label="Trades"
            required
            searchable
            clearable
            hidePickedOptions
            limit={MULTI_SELECT_LIMIT}
            nothingFoundMessage={NOTHING_FOUND}
            placeholder={tradesReady ? 'Select trades' : 'Choose the industry and type first'}
            disabled={!tradesReady}
            data={tradeOptions}
            {...form.getInputProps('trade_ids')}
          />

          <Divider label="About" labelPosition="left" />
          <Textarea
            label="Description"
            required
            rows={4}
            resize="vertical"
            description={`${values.description.trim().length} / ${COMPANY_LIMITS.description}`}
            {...form.getInputProps('description')}
          />
          <Textarea
            label="Field Team Process"
            rows={4}
            resize="vertical"
            description={`Optional, up to ${COMPANY_LIMITS.fieldTeamProcess.toLocaleString('en-US')} characters`}
            {...form.getInputProps('field_team_process')}
          />
          <Textarea
            label="Phone Process"
            rows={4}
            resize="vertical"
            description={`Optional, up to ${COMPANY_LIMITS.phoneProcess.toLocaleString('en-US')} characters`}
            {...form.getInputProps('phone_process')}
          />

          <FormActions
            creating={creating}
            hasChanges={hasChanges}
            pending={pending}
            uploading={uploading}
            onReset={() => {
              form.setValues(baseline);
              form.clearErrors();
            }}
          />
        </Stack>
      </form>
    </Paper>
  );
}
