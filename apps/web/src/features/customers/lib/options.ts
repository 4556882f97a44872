import { CUSTOMER_STATUSES, OPTION_LISTS } from '@fieldbot/shared';
import { STATUS_BADGES } from '@/components/status-badge/status-badge';

export const CUSTOMER_TYPE_OPTIONS = OPTION_LISTS.customerType.map((option) => ({ ...option }));

/** Customer Status filter: active / inactive, labelled like their badges. */
export const CUSTOMER_STATUS_OPTIONS = CUSTOMER_STATUSES.map((value) => ({
  value,
  label: STATUS_BADGES[value].label,
}));
