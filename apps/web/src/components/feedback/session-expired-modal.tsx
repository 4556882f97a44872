import { Button, Modal, Stack, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { clearSession } from '@/features/session';
import { useSessionFlags } from '@/lib/use-session-flags';

/** Opens when a logged-in user's request gets a 401 (spec §2, §8). */
export function SessionExpiredModal() {
  const { sessionExpired } = useSessionFlags();
  const queryClient = useQueryClient();
  const navigate = useNavigate();

  const loginAgain = async () => {
    await clearSession(queryClient);
    navigate('/', { replace: true });
  };

  return (
    <Modal
      opened={sessionExpired}
      onClose={() => void loginAgain()}
      title="Session Expired"
      centered
    >
      <Stack gap="md">
        <Text>Your session has expired. Please log in again to continue.</Text>
        <Button onClick={() => void loginAgain()} data-autofocus>
          Login again
        </Button>
      </Stack>
    </Modal>
  );
}
