import { Button, Group } from '@mantine/core';
import type { ReactNode } from 'react';

interface FormActionsProps {
  /** A create form has nothing to go back to: no Cancel, and Save needs no change. */
  creating: boolean;
  hasChanges: boolean;
  pending: boolean;
  /** A file still uploading holds the submit back. */
  uploading?: boolean;
  /** Cancel: back to the saved values. */
  onReset: () => void;
  submitLabel?: ReactNode;
}

/** Cancel and Save of the settings forms (company and publisher information). */
export function FormActions({
  creating,
  hasChanges,
  pending,
  uploading = false,
  onReset,
  submitLabel = 'Save',
}: FormActionsProps) {
  return (
    <Group justify="flex-end">
      {!creating && (
        <Button variant="default" disabled={!hasChanges || pending} onClick={onReset}>
          Cancel
        </Button>
      )}
      <Button type="submit" loading={pending} disabled={uploading || (!creating && !hasChanges)}>
        {submitLabel}
      </Button>
    </Group>
  );
}
