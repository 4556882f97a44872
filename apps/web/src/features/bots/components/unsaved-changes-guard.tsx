import { Button, Group, Modal, Text } from '@mantine/core';
import { useBlocker } from 'react-router';

/**
 * Location state of a navigation the builder makes itself once its work is saved (after creating
 * or publishing); the guard lets it through even though the form's last render was still dirty.
 */
export const SAVED_NAVIGATION = { savedBot: true } as const;

function isSavedNavigation(state: unknown): boolean {
  return typeof state === 'object' && state !== null && 'savedBot' in state;
}

/** Asks before leaving the builder with unsaved changes (links, Back); a reload is the browser's. */
export function UnsavedChangesGuard({ when }: { when: boolean }) {
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      when &&
      !isSavedNavigation(nextLocation.state) &&
      currentLocation.pathname !== nextLocation.pathname,
  );
  return (
    <Modal
      opened={blocker.state === 'blocked'}
      onClose={() => blocker.reset?.()}
      title="Leave without saving?"
      centered
    >
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
