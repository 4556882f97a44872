import { AUTH_MESSAGES, MESSAGES, formatPhone, digitsOnly, type User } from '@fieldbot/shared';
import { Button, Center, Group, Loader, Paper, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { zod4Resolver } from 'mantine-form-zod-resolver';
import { useMemo, useState, type ReactNode } from 'react';
import { usePageHeader } from '@/components/layout/page-header';
import { applyServerErrors } from '@/lib/forms/server-errors';
import { focusFirstError } from '@/lib/forms/focus-first-error';
import { useCurrentUser, useUpdateProfile } from '@/lib/session';
import { notifyError, notifySuccess } from '@/lib/notify';
import { useGoBack } from '@/lib/use-go-back';

import { ProfilePhotoField } from '../components/profile-photo-field';
import {
  isCrmUser,
  profileChanges,
  profileFormSchema,
  profileInitialValues,
  typedName,
  type ProfileValues,
} from '../lib/profile-form';

const FIELDS = ['name', 'phone', 'image'] as const;

/**
 * /profile (spec §2 Profile screen, §5 Profile rules). `children` are sections a feature adds
 * below the form (the router passes the alert preferences).
 */
export function ProfilePage({ children }: { children?: ReactNode }) {
  usePageHeader({ title: 'Profile' });
  const user = useCurrentUser();
  if (!user) {
    return (
      <Center py="xl">
        <Loader aria-label="Loading profile" />
      </Center>
    );
  }
  if (!children) return <ProfileForm user={user} />;
  return (
    <Stack gap="lg">
      <ProfileForm user={user} />
      {children}
    </Stack>
  );
}

function ProfileForm({ user }: { user: User }) {
  const goBack = useGoBack();
  const update = useUpdateProfile();
  const [uploading, setUploading] = useState(false);
  const crm = isCrmUser(user);
  const validate = useMemo(() => zod4Resolver(profileFormSchema(user)), [user]);
  const form = useForm<ProfileValues>({ initialValues: profileInitialValues(user), validate });

  const changes = profileChanges(form.values, user);
  const hasChanges = Object.keys(changes).length > 0;

  const submit = form.onSubmit((values) => {
    const body = profileChanges(values, user);
    if (Object.keys(body).length === 0) return;
    update.mutate(body, {
      onSuccess: ({ message, data }) => {
        form.setValues(profileInitialValues(data));
        notifySuccess(message || MESSAGES.profileUpdated);
      },
      onError: (error) => {
        const message = applyServerErrors(form, error, FIELDS);
        if (message) notifyError(message);
      },
    });
  }, focusFirstError(form));

  const phoneInput = form.getInputProps('phone');

  return (
    <Paper withBorder radius="md" p="xl" maw={640}>
      <form onSubmit={submit} noValidate>
        <Stack gap="lg">
          <ProfilePhotoField
            name={user.name}
            image={form.values.image}
            onUploaded={(url) => form.setFieldValue('image', url)}
            onUploadingChange={setUploading}
          />
          <TextInput
            label="User Name"
            autoComplete="name"
            required={!crm}
            disabled={crm}
            maxLength={50}
            description={crm ? AUTH_MESSAGES.crmLocked : undefined}
            {...form.getInputProps('name')}
            onChange={(event) => form.setFieldValue('name', typedName(event.currentTarget.value))}
          />
          <TextInput
            label="Phone Number"
            type="tel"
            inputMode="numeric"
            autoComplete="tel-national"
            placeholder="(xxx) xxx-xxxx"
            required={!crm}
            disabled={crm}
            {...phoneInput}
            value={formatPhone(form.values.phone)}
            onChange={(event) => form.setFieldValue('phone', digitsOnly(event.currentTarget.value))}
          />
          <TextInput label="Email" type="email" value={user.email} readOnly />
          <Group justify="flex-end">
            <Button variant="default" onClick={goBack}>
              Cancel
            </Button>
            <Button type="submit" loading={update.isPending} disabled={!hasChanges || uploading}>
              Save
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}
