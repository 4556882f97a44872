import { CALL_TYPES, OPTION_LISTS, type TagState } from '@fieldbot/shared';

/** Field Recording / CSR Call, labelled as in the customers' Interactions table. */
export const TYPE_OPTIONS = OPTION_LISTS.interactionType
  .filter((option) => option.value !== '')
  .map((option) => ({ ...option }));

export const CALL_TYPE_OPTIONS = CALL_TYPES.map((value) => ({ value, label: value }));

export const TAG_STATE_OPTIONS: { value: TagState; label: string }[] = [
  { value: 'found', label: 'Found' },
  { value: 'not-found', label: 'Not found' },
];
