import type { User } from '@fieldbot/shared';

type IntercomCommand = (command: string, ...args: unknown[]) => void;

declare global {
  interface Window {
    Intercom?: IntercomCommand & { q?: unknown[][] };
  }
}

export const INTERCOM_WIDGET_URL = 'https://widget.intercom.io/widget/';

/**
 * Intercom's loader, as its snippet does it: a stub that queues commands until the Messenger
 * script (added once, async) takes over and replays them.
 */
function loadIntercom(appId: string): IntercomCommand {
  if (window.Intercom) return window.Intercom;
  const queue: unknown[][] = [];
  const stub = Object.assign((...args: unknown[]) => void queue.push(args), { q: queue });
  window.Intercom = stub;
  const script = document.createElement('script');
  script.async = true;
  script.src = `${INTERCOM_WIDGET_URL}${encodeURIComponent(appId)}`;
  document.head.appendChild(script);
  return stub;
}

/**
 * Starts the Messenger for the logged-in user with the identity the server signs (spec §3:
 * intercom_id, intercom_hash, intercom_company_id), so support sees who is writing.
 */
export function bootIntercom(appId: string, user: User): void {
  loadIntercom(appId)('boot', {
    app_id: appId,
    user_id: user.intercom_id,
    user_hash: user.intercom_hash,
    email: user.email,
    name: user.name,
    created_at: Math.floor(new Date(user.created_at).getTime() / 1000),
    ...(user.company && user.intercom_company_id
      ? { company: { company_id: user.intercom_company_id, name: user.company.name } }
      : {}),
  });
}

/**
 * Tells the Messenger the app moved to another page (Intercom's advice for single-page apps): it
 * checks for messages aimed at that page and records the visit.
 */
export function updateIntercomPage(): void {
  window.Intercom?.('update');
}

/** Ends the Messenger session and clears its cookies (logout, spec §4 forced logouts). */
export function shutdownIntercom(): void {
  window.Intercom?.('shutdown');
}

/** Opens the Messenger; false when it is not running. */
export function showIntercom(): boolean {
  if (!window.Intercom) return false;
  window.Intercom('show');
  return true;
}
