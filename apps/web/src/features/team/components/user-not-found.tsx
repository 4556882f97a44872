import { MESSAGES, TEAM_PATH } from '@fieldbot/shared';
import { Button, Center } from '@mantine/core';
import { NotFoundState } from '@/components/feedback/not-found-state';

/**
 * Spec §2/§8: the user detail shows 'User not found' when the fetch fails. A failure other than
 * 404 (network, 500) may pass, so it also offers Try again.
 */
export function UserNotFound({ onRetry }: { onRetry?: () => void }) {
  return (
    <>
      <NotFoundState
        title={MESSAGES.userNotFound}
        description="The user does not exist or is not a member of your team."
        to={TEAM_PATH}
        linkLabel="Go to Teams"
      />
      {onRetry ? (
        <Center>
          <Button variant="subtle" onClick={onRetry}>
            Try again
          </Button>
        </Center>
      ) : null}
    </>
  );
}
