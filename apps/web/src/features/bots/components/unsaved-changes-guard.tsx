import { Button, Group, Modal, Text } from '@mantine/core';
import type { RefObject } from 'react';
import { useBlocker } from 'react-router';

export interface UnsavedChangesGuardProps {
  when: boolean;
  /** Set before a navigation the page makes itself (after saving or publishing). */
  skip: RefObject<boolean>;
}

/** Asks before leaving the builder with unsaved changes (links, Back); a reload is the browser's. */
export function UnsavedChangesGuard({ when, skip }: UnsavedChangesGuardProps) {
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      when && !skip.current && currentLocation.pathname !== nextLocation.pathname,
  );
  const open = blocker.state === 'blocked';
  return (
    <Modal opened={open} onClose={() => blocker.reset?.()} title="Leave without saving?" centered>
      <Text size="sm">The changes to this bot since it was last saved will be lost.</Text>
      <Group justify="flex-end" mt="md">
        <Button variant="default" onClick={() => blocker.reset?.()}>
          Stay
        </Button>
        <Button color="red" onClick={() => blocker.proceed?.()}>
          Leave
        </Button>
      </Group>
    </Modal>
  );
}
