import { MESSAGES } from '@fieldbot/shared';
import { NotFoundState } from '@/components/feedback/not-found-state';
import { TEAM_PATH } from '../lib/paths';

/** Spec §2/§8: the user detail shows 'User not found' when the fetch fails. */
export function UserNotFound() {
  return (
    <NotFoundState
      title={MESSAGES.userNotFound}
      description="The user does not exist or is not a member of your team."
      to={TEAM_PATH}
      linkLabel="Go to Teams"
    />
  );
}
