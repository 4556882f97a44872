import { Alert, Button } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { AuthCard } from './auth-card';

interface AuthSuccessCardProps {
  title: string;
  icon: ReactNode;
  message: string;
  /** Extra guidance under the message. */
  children?: ReactNode;
  action: { to: string; label: string };
}

/** The closing screen of a public form: what happened, then the way on. */
export function AuthSuccessCard({ title, icon, message, children, action }: AuthSuccessCardProps) {
  return (
    <AuthCard title={title}>
      <Alert color="teal" variant="light" icon={icon}>
        {message}
      </Alert>
      {children}
      <Button component={Link} to={action.to} fullWidth>
        {action.label}
      </Button>
    </AuthCard>
  );
}
