import { isCompanyRole, isPublisherRole, ROLE } from '../auth/roles';
import type { Company, User } from '../auth/user.schema';
import { API_KEYS_PATH, AUDIT_LOG_PATH, PRIVACY_SETTINGS_PATH } from './page-paths';
import { WEBHOOKS_PATH } from '../webhooks/webhook-constants';
import { ALERTS_SETTINGS_PATH } from '../alerts/alert.schema';

type GatingUser = Pick<User, 'role' | 'company' | 'publisher'>;
type GatingCompany = Pick<
  Company,
  'id' | 'is_billing_connected' | 'is_crm_connected' | 'is_payment_due'
>;

/** Spec §4 "Account set-up gating". */
export function isAccountSetUp(user: GatingUser): boolean {
  const alias = user.role.alias;
  if (isCompanyRole(alias) && user.company?.is_payment_due) return false;
  if (alias === ROLE.COMPANY_ADMIN) {
    const c = user.company;
    return Boolean(c?.id && c.is_billing_connected && c.is_crm_connected);
  }
  if (alias === ROLE.PUBLISHER_ADMIN) return Boolean(user.publisher?.id);
  return true;
}

/**
 * The settings tab a company admin has reached: 1 company information, 2 billing (once the company
 * exists), 3 integrations (once billing is connected and nothing is due). Later tabs are disabled.
 */
export function onboardingStep(company: GatingCompany | null | undefined): 1 | 2 | 3 {
  if (!company?.id) return 1;
  if (!company.is_billing_connected || company.is_payment_due) return 2;
  return 3;
}

export interface SettingsTab {
  key:
    | 'company-info'
    | 'billing'
    | 'integrations'
    | 'publisher-info'
    | 'api-keys'
    | 'webhooks'
    | 'alerts'
    | 'privacy'
    | 'audit-log';
  label: string;
  path: string;
  disabled: boolean;
}

export function settingsTabs(user: GatingUser): SettingsTab[] {
  if (isPublisherRole(user.role.alias)) {
    return [
      {
        key: 'publisher-info',
        label: 'Publisher Information',
        path: '/settings/publisher-info',
        disabled: false,
      },
      ...(user.role.alias === ROLE.PUBLISHER_ADMIN && isAccountSetUp(user)
        ? [{ key: 'audit-log' as const, label: 'Audit log', path: AUDIT_LOG_PATH, disabled: false }]
        : []),
    ];
  }
  const step = isAccountSetUp(user) ? 3 : onboardingStep(user.company);
  // Alerts (issue 26): admins and managers keep the rules once set-up is done; a manager's
  // settings are this tab alone.
  const alerts: SettingsTab[] = isAccountSetUp(user)
    ? [{ key: 'alerts', label: 'Alerts', path: ALERTS_SETTINGS_PATH, disabled: false }]
    : [];
  if (user.role.alias === ROLE.MANAGER) return alerts;
  return [
    {
      key: 'company-info',
      label: 'Company Information',
      path: '/settings/company-info',
      disabled: false,
    },
    { key: 'billing', label: 'Billing', path: '/settings/billing', disabled: step < 2 },
    {
      key: 'integrations',
      label: 'Integration',
      path: '/settings/integrations',
      disabled: step < 3,
    },
    // Public API keys (issue 26): no onboarding step, so the tab appears once set-up is done.
    ...(user.role.alias === ROLE.COMPANY_ADMIN && isAccountSetUp(user)
      ? [{ key: 'api-keys' as const, label: 'API keys', path: API_KEYS_PATH, disabled: false }]
      : []),
    // Webhooks (issue 26): like API keys, once set-up is done.
    ...(user.role.alias === ROLE.COMPANY_ADMIN && isAccountSetUp(user)
      ? [{ key: 'webhooks' as const, label: 'Webhooks', path: WEBHOOKS_PATH, disabled: false }]
      : []),
    ...(user.role.alias === ROLE.COMPANY_ADMIN ? alerts : []),
    // Issue 27: privacy settings and the audit log, once set-up is done.
    ...(user.role.alias === ROLE.COMPANY_ADMIN && isAccountSetUp(user)
      ? [
          {
            key: 'privacy' as const,
            label: 'Privacy',
            path: PRIVACY_SETTINGS_PATH,
            disabled: false,
          },
          { key: 'audit-log' as const, label: 'Audit log', path: AUDIT_LOG_PATH, disabled: false },
        ]
      : []),
  ];
}

export function settingsHomePath(user: Pick<User, 'role'>): string {
  return isPublisherRole(user.role.alias) ? '/settings/publisher-info' : '/settings/company-info';
}

/** Where '/' leads a set-up user (spec §2). */
export function homePath(user: GatingUser): string {
  if (!isAccountSetUp(user)) return settingsHomePath(user);
  return isPublisherRole(user.role.alias) ? '/publisher/dashboard' : '/company/dashboard';
}
