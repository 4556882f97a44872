import { AUDIT_EVENTS, type AuditEventName } from './audit-events';

/** The action groups the audit log page filters by. */
export const AUDIT_EVENT_GROUPS = [
  'sign_in',
  'team',
  'settings',
  'billing',
  'integrations',
  'data_access',
  'exports',
  'api_webhooks',
  'privacy',
] as const;
export type AuditEventGroup = (typeof AUDIT_EVENT_GROUPS)[number];

export const AUDIT_GROUP_LABELS: Record<AuditEventGroup, string> = {
  sign_in: 'Sign-in',
  team: 'Team',
  settings: 'Settings',
  billing: 'Billing',
  integrations: 'Integrations',
  data_access: 'Data access',
  exports: 'Exports',
  api_webhooks: 'API & webhooks',
  privacy: 'Privacy',
};

/** Each event's words on the page and in the CSV, and its group. */
const EVENT_INFO: Record<AuditEventName, { label: string; group: AuditEventGroup }> = {
  login: { label: 'Signed in', group: 'sign_in' },
  login_failed: { label: 'Failed sign-in', group: 'sign_in' },
  logout: { label: 'Signed out', group: 'sign_in' },
  password_changed: { label: 'Changed password', group: 'sign_in' },
  password_reset: { label: 'Reset password', group: 'sign_in' },
  role_changed: { label: 'Changed a role', group: 'team' },
  'team.role_changed': { label: 'Changed a team member’s role', group: 'team' },
  'publisher_users.role_changed': { label: 'Changed a publisher user’s role', group: 'team' },
  'invitation.sent': { label: 'Sent an invitation', group: 'team' },
  'company.settings_changed': { label: 'Changed company settings', group: 'settings' },
  'publisher.client_markup': { label: 'Changed a client’s markup', group: 'billing' },
  'privacy.settings_changed': { label: 'Changed privacy settings', group: 'privacy' },
  'payment_method.added': { label: 'Added a card', group: 'billing' },
  'payment_method.changed': { label: 'Changed the card', group: 'billing' },
  'integration.saved': { label: 'Saved integration credentials', group: 'integrations' },
  'integration.sync_requested': { label: 'Started an integration sync', group: 'integrations' },
  'export.downloaded': { label: 'Exported a list', group: 'exports' },
  'audio.played': { label: 'Played audio', group: 'data_access' },
  'audio.downloaded': { label: 'Downloaded audio', group: 'data_access' },
  'transcript.viewed': { label: 'Viewed a transcript', group: 'data_access' },
  'transcript.downloaded': { label: 'Downloaded a transcript', group: 'data_access' },
  'api_key.created': { label: 'Created an API key', group: 'api_webhooks' },
  'api_key.revoked': { label: 'Revoked an API key', group: 'api_webhooks' },
  'api_key.used': { label: 'Used an API key', group: 'api_webhooks' },
  'webhook.created': { label: 'Created a webhook', group: 'api_webhooks' },
  'webhook.updated': { label: 'Changed a webhook', group: 'api_webhooks' },
  'webhook.deleted': { label: 'Deleted a webhook', group: 'api_webhooks' },
  'webhook.secret_rotated': { label: 'Rotated a webhook secret', group: 'api_webhooks' },
  'webhook.secret_revealed': { label: 'Revealed a webhook secret', group: 'api_webhooks' },
  'webhook.enabled': { label: 'Enabled a webhook', group: 'api_webhooks' },
  'webhook.disabled': { label: 'Disabled a webhook', group: 'api_webhooks' },
  'webhook.test_sent': { label: 'Sent a webhook test', group: 'api_webhooks' },
  'customer.do_not_record_changed': { label: 'Changed “do not record”', group: 'privacy' },
  'customer.legal_hold_changed': { label: 'Changed a legal hold', group: 'privacy' },
  'customer.exported': { label: 'Exported a customer’s data', group: 'privacy' },
  'customer.deleted': { label: 'Deleted a customer', group: 'privacy' },
  'company.deleted': { label: 'Deleted the company', group: 'privacy' },
  'retention.deleted': { label: 'Deleted under retention', group: 'privacy' },
  'audit_log.exported': { label: 'Exported the audit log', group: 'exports' },
};

const isKnown = (event: string): event is AuditEventName =>
  Object.prototype.hasOwnProperty.call(EVENT_INFO, event);

/** "Changed a webhook"; an event this build does not know reads as its name, spaced out. */
export function auditEventLabel(event: string): string {
  if (isKnown(event)) return EVENT_INFO[event].label;
  const words = event.replace(/[._]+/g, ' ').trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** The group of an event, or null for one this build does not know. */
export function auditEventGroup(event: string): AuditEventGroup | null {
  return isKnown(event) ? EVENT_INFO[event].group : null;
}

/** Every event of a group (the server filters on this list). */
export function auditEventsOfGroup(group: AuditEventGroup): AuditEventName[] {
  return AUDIT_EVENTS.filter((event) => EVENT_INFO[event]?.group === group);
}

/** What kind of object an entry's target is, in words. */
const TARGET_LABELS: Record<string, string> = {
  user: 'User',
  invitation: 'Invitation',
  company: 'Company',
  publisher: 'Publisher',
  client: 'Client',
  payment_method: 'Card',
  integration: 'Integration',
  interaction: 'Interaction',
  customer: 'Customer',
  export: 'Export',
  api_key: 'API key',
  webhook: 'Webhook',
};

export function auditTargetTypeLabel(type: string): string {
  return TARGET_LABELS[type] ?? auditEventLabel(type);
}
