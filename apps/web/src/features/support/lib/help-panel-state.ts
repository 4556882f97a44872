import { useSyncExternalStore } from 'react';

// The Help panel is opened from the user menu, whose dropdown unmounts as it closes: its open state
// lives here, and the panel itself with the logged-in shell's support services.
let open = false;
const listeners = new Set<() => void>();

export function setHelpPanelOpen(next: boolean): void {
  if (open === next) return;
  open = next;
  for (const listener of listeners) listener();
}

export function useHelpPanelOpen(): boolean {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => open,
  );
}
