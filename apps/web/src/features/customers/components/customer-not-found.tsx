import { NotFoundState } from '@/components/feedback/not-found-state';

export const CUSTOMER_NOT_FOUND = 'Customer not found';

/** A customer id that names no customer of this company (a typo, another company's, deleted). */
export function CustomerNotFound() {
  return (
    <NotFoundState
      title={CUSTOMER_NOT_FOUND}
      description="The customer does not exist or is not one of your customers."
      to="/customers"
      linkLabel="Go to Customers"
    />
  );
}
