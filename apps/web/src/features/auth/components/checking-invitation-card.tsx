import { Center, Loader } from '@mantine/core';
import { AuthCard } from './auth-card';

/** Shown while an invitation token from the address is being validated. */
export function CheckingInvitationCard({ title }: { title: string }) {
  return (
    <AuthCard title={title}>
      <Center py="xl">
        <Loader aria-label="Checking your invitation" />
      </Center>
    </AuthCard>
  );
}
