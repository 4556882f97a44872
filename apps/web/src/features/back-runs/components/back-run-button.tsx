import { ROLE, type User } from '@fieldbot/shared';
import { Button } from '@mantine/core';
import { IconHistory } from '@tabler/icons-react';
import { useState } from 'react';
import { BackRunDialog } from './back-run-dialog';

/** The company admin is the one role the server lets start a back-run. */
export const canBackRun = (user: User | null) => user?.role.alias === ROLE.COMPANY_ADMIN;

/** 'Back-run bots': opens the back-run dialog. */
export function BackRunButton() {
  const [opened, setOpened] = useState(false);
  return (
    <>
      <Button
        variant="light"
        leftSection={<IconHistory size={16} aria-hidden />}
        onClick={() => setOpened(true)}
      >
        Back-run bots
      </Button>
      <BackRunDialog opened={opened} onClose={() => setOpened(false)} />
    </>
  );
}
