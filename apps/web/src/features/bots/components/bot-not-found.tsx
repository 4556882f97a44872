import { BOT_LIST_PATH } from '@fieldbot/shared';
import { NotFoundState } from '@/components/feedback/not-found-state';

export const BOT_NOT_FOUND = 'Bot not found';

/** A bot id that names none of this publisher's bots (a typo, another publisher's, deleted). */
export function BotNotFound() {
  return (
    <NotFoundState
      title={BOT_NOT_FOUND}
      description="The bot does not exist or is not one of your bots."
      to={BOT_LIST_PATH}
      linkLabel="Go to Bots"
    />
  );
}
