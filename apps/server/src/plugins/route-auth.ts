import { ROLE } from '@fieldbot/shared';
import type { RouteAuth } from './types.js';

/** Whoever sees interactions, each within their scope (interactions, recordings, bot results). */
export const interactionViewers = {
  roles: [ROLE.COMPANY_ADMIN, ROLE.MANAGER, ROLE.FIELD_TEAM],
  permission: 'interactions.view',
} as const satisfies RouteAuth;

/**
 * Reviewers of bot results (Correct / Wrong / Missed marks): the marks feed the publisher's
 * accuracy figures, so admins and managers only, each within their company.
 */
export const resultReviewers = {
  roles: [ROLE.COMPANY_ADMIN, ROLE.MANAGER],
  permission: 'interactions.view',
} as const satisfies RouteAuth;
