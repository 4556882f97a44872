import { capacityFormSchema, SOFT_CAPACITY_EVENT_MIN, type CapacityForm } from '@fieldbot/shared';
import type { KeyboardEvent } from 'react';

/** The inputs' values: a number, or '' when empty (or blanked). US dollars a month. */
export interface CapacityValues {
  soft_capacity: number | '';
  hard_capacity: number | '';
}

/** Spec §5 "Capacity": these keys never reach the inputs. */
export const BLOCKED_CAPACITY_KEYS: readonly string[] = ['+', '-', 'e', 'E'];

export function blockCapacityKeys(event: KeyboardEvent<HTMLInputElement>): void {
  if (BLOCKED_CAPACITY_KEYS.includes(event.key)) event.preventDefault();
}

/** A negative value (pasted, say) is blanked rather than kept or flipped. */
export function blankNegative(value: number | string): number | '' {
  if (typeof value === 'string' && value.trim() === '') return '';
  const number = typeof value === 'number' ? value : Number(value);
  if (!Number.isFinite(number) || number < 0) return '';
  return number;
}

export function capacityValuesOf(limits: {
  soft_capacity: number | null;
  hard_capacity: number | null;
}): CapacityValues {
  return { soft_capacity: limits.soft_capacity ?? '', hard_capacity: limits.hard_capacity ?? '' };
}

/** The POST body: an empty hard capacity is sent as null. */
export function capacityBody(values: CapacityValues): Partial<CapacityForm> {
  return {
    soft_capacity: values.soft_capacity === '' ? undefined : values.soft_capacity,
    hard_capacity: values.hard_capacity === '' ? null : values.hard_capacity,
  };
}

/** The shared capacity rules (soft required, ≥ 0; hard > soft) as field errors. */
export function validateCapacity(
  values: CapacityValues,
): Partial<Record<keyof CapacityValues, string>> {
  const parsed = capacityFormSchema.safeParse(capacityBody(values));
  if (parsed.success) return {};
  const errors: Partial<Record<keyof CapacityValues, string>> = {};
  for (const issue of parsed.error.issues) {
    const field = issue.path[0] as keyof CapacityValues;
    errors[field] ??= issue.message;
  }
  return errors;
}

/** Saving is blocked while hard is set and not greater than soft. */
export function hardNotAboveSoft(values: CapacityValues): boolean {
  return (
    values.hard_capacity !== '' &&
    values.soft_capacity !== '' &&
    values.hard_capacity <= values.soft_capacity
  );
}

/** Spec §5: the soft-capacity analytics event fires for a value of at least 80. */
export function wantsSoftCapacityEvent(soft: number): boolean {
  return soft >= SOFT_CAPACITY_EVENT_MIN;
}
