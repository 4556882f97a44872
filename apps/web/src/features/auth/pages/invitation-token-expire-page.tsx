import { Alert, Button } from '@mantine/core';
import { IconClockX } from '@tabler/icons-react';
import { Link } from 'react-router';
import { AuthCard } from '../components/auth-card';

/** Where an invalid or expired invitation token leads (spec §2). */
export function InvitationTokenExpirePage() {
  return (
    <AuthCard title="Invitation expired">
      <Alert color="orange" variant="light" icon={<IconClockX aria-hidden />}>
        This invitation link is invalid or has expired. Please ask the person who invited you to
        send a new invitation.
      </Alert>
      <Button component={Link} to="/login" fullWidth>
        Go to Login
      </Button>
    </AuthCard>
  );
}
