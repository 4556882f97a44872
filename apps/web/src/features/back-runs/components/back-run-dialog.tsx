import { Modal } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useState } from 'react';
import { BackRunForm } from './back-run-form';
import { BackRunProgress } from './back-run-progress';

export interface BackRunDialogProps {
  opened: boolean;
  onClose: () => void;
}

/**
 * Back-run: a bot over past interactions in a date range. The form estimates first
 * (interactions and cost), Run starts it, then the dialog follows its progress until it ends.
 */
export function BackRunDialog({ opened, onClose }: BackRunDialogProps) {
  const [backRunId, setBackRunId] = useState<string | null>(null);
  // Phones get the whole screen: the form stacks and the buttons stay within reach.
  const phone = useMediaQuery('(max-width: 36em)');

  const close = () => {
    setBackRunId(null);
    onClose();
  };

  return (
    <Modal opened={opened} onClose={close} title="Back-run bots" centered fullScreen={phone}>
      {backRunId ? (
        <BackRunProgress backRunId={backRunId} onClose={close} />
      ) : (
        <BackRunForm opened={opened} onStarted={setBackRunId} onClose={close} />
      )}
    </Modal>
  );
}
