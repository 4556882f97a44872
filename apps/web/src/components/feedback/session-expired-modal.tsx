import { Button, Modal } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { clearSession } from '@/lib/session';
import { useSessionFlags } from '@/lib/use-session-flags';

/** Opens when a logged-in user's request gets a 401 (spec §2, §8); only the spec's texts. */
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
      <Button onClick={() => void loginAgain()} data-autofocus fullWidth>
        Login again
      </Button>
    </Modal>
  );
}
