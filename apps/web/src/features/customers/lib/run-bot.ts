import type { Customer, InteractionListItem, User } from '@fieldbot/shared';

/** Statuses after which an interaction can be analysed (spec §4 "Run Bot availability"). */
const FINISHED = new Set<InteractionListItem['status']>(['completed', 'terminated']);

export interface RunBotInputs {
  user: Pick<User, 'crm_user_id'> | null;
  customer: Pick<Customer, 'jobs_count'> | undefined;
  /** The interactions listed on the page; undefined while they load. */
  interactions: readonly Pick<InteractionListItem, 'status'>[] | undefined;
}

/**
 * Spec §4: on the customer page Run Bot is disabled when the user has no crm_user_id, the customer
 * has no jobs, or any listed interaction is neither completed nor terminated. (The "a run is
 * running" rule joins when bot runs exist.) Unknown yet counts as disabled.
 */
export function isRunBotDisabled({ user, customer, interactions }: RunBotInputs): boolean {
  if (!user?.crm_user_id) return true;
  if (!customer || customer.jobs_count === 0) return true;
  if (!interactions) return true;
  return interactions.some((item) => !FINISHED.has(item.status));
}
