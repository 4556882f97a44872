import {
  collapseSpaces,
  digitsOnly,
  updateProfileBodySchema,
  type UpdateProfileBody,
  type User,
} from '@fieldbot/shared';
import * as z from 'zod/mini';

export type ProfileValues = {
  name: string;
  /** Digits only, at most 10; the input shows it as (xxx) xxx-xxxx. */
  phone: string;
  image: string | null;
};

type ProfileUser = Pick<User, 'name' | 'phone' | 'image' | 'crm_user_id'>;

export function isCrmUser(user: Pick<User, 'crm_user_id'>): boolean {
  return Boolean(user.crm_user_id);
}

export function profileInitialValues(user: ProfileUser): ProfileValues {
  return { name: user.name, phone: digitsOnly(user.phone ?? ''), image: user.image };
}

/**
 * Spec §5: name and phone are required (and validated) unless the user is CRM-linked, in which
 * case they are locked and never sent; the rules and texts are the shared update-profile schema's.
 */
export function profileFormSchema(user: Pick<User, 'crm_user_id'>) {
  return isCrmUser(user)
    ? z.pick(updateProfileBodySchema, { image: true })
    : z.required(updateProfileBodySchema, { name: true, phone: true });
}

/** While typing, repeated spaces collapse to one (a single trailing space is kept to go on typing). */
export function typedName(value: string): string {
  const collapsed = collapseSpaces(value);
  return collapsed && /\s$/.test(value) ? `${collapsed} ` : collapsed;
}

/** Only the changed name, phone or image are sent (spec §5); the name is trimmed on save. */
export function profileChanges(values: ProfileValues, user: ProfileUser): UpdateProfileBody {
  const changes: UpdateProfileBody = {};
  if (!isCrmUser(user)) {
    const name = collapseSpaces(values.name);
    if (name !== user.name) changes.name = name;
    const phone = digitsOnly(values.phone);
    if (phone !== digitsOnly(user.phone ?? '')) changes.phone = phone;
  }
  if (values.image !== user.image) changes.image = values.image;
  return changes;
}
