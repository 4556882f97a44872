import { CLIENT_MESSAGES, CLIENTS_PATH } from '@fieldbot/shared';
import { NotFoundState } from '@/components/feedback/not-found-state';

/** A client id that names no client of this publisher (a typo, another publisher's). */
export function ClientNotFound() {
  return (
    <NotFoundState
      title={CLIENT_MESSAGES.notFound}
      description="The company does not exist or is not one of your clients."
      to={CLIENTS_PATH}
      linkLabel="Go to Clients"
    />
  );
}
