import { BOOT_SHELL_ID } from '@fieldbot/shared';
import { useEffect } from 'react';

/**
 * Removes the page outline the server sent with the HTML (ADR 021): the app has drawn the page,
 * or something else (a redirect, an error, the Session Expired modal) that the outline would hide.
 */
export function releaseBootShell(): void {
  document.getElementById(BOOT_SHELL_ID)?.remove();
}

/** Rendered beside a page: once the page has committed, its outline goes. */
export function BootShellRelease(): null {
  useEffect(releaseBootShell, []);
  return null;
}
