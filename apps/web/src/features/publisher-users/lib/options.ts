import { PUBLISHER_ROLE_OPTIONS } from '@fieldbot/shared';

/** Publisher Admin / Publisher User, for the role filter and the invite dialog (mutable copies for Select). */
export const PUBLISHER_ROLE_SELECT_OPTIONS = PUBLISHER_ROLE_OPTIONS.map((option) => ({
  ...option,
}));
