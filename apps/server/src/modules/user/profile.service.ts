import {
  AUTH_MESSAGES,
  MESSAGES,
  type Company,
  type Module,
  type UpdateProfileBody,
  type User,
  nullableDollars,
} from '@fieldbot/shared';
import { FieldValidationError } from '../../lib/errors.js';
import { hmacHex } from '../../lib/tokens.js';
import type { SessionService } from '../session/index.js';
import type { UserProfileRow, UserRepo } from './user.repo.js';

const PERMISSION_CACHE_MS = 30_000;

export interface ProfileServiceDeps {
  repo: UserRepo;
  sessions: Pick<SessionService, 'forgetUser'>;
  /** True when `url` is a file URL our storage issued (ownership is checked separately). */
  isOurFileUrl(url: string): boolean;
  intercomSecret: string;
  now?: () => number;
}

export type ProfileService = ReturnType<typeof createProfileService>;

export function toCompany(row: NonNullable<UserProfileRow['company']>): Company {
  return {
    id: row.id,
    name: row.name,
    street_address: row.streetAddress,
    city: row.city,
    state: row.state,
    zipcode: row.zipcode,
    country: row.country,
    latLng: row.lat !== null && row.lng !== null ? { lat: row.lat, lng: row.lng } : null,
    timezones:
      row.timezoneId !== null && row.timezoneName !== null
        ? { id: row.timezoneId, name: row.timezoneName }
        : null,
    logo: row.logo,
    description: row.description,
    industry_id: row.industryId,
    type_id: row.typeId,
    trades: row.trades,
    field_team_process: row.fieldTeamProcess,
    phone_process: row.phoneProcess,
    soft_capacity: nullableDollars(row.softCapacityCents),
    hard_capacity: nullableDollars(row.hardCapacityCents),
    is_billing_connected: row.isBillingConnected,
    is_crm_connected: row.isCrmConnected,
    is_payment_due: row.isPaymentDue,
    share_bot_examples: row.shareBotExamples,
    consent_method: row.consentMethod,
  };
}

/** The logged-in user as the spec §3 describes it, and the profile fields they may edit. */
export function createProfileService(deps: ProfileServiceDeps) {
  const { repo, intercomSecret } = deps;
  const now = deps.now ?? (() => Date.now());
  const permissionCache = new Map<string, { at: number; list: User['permissions'] }>();

  async function permissionsOf(roleId: string): Promise<User['permissions']> {
    const cached = permissionCache.get(roleId);
    if (cached && now() - cached.at < PERMISSION_CACHE_MS) return cached.list;
    const rows = await repo.permissionsOfRole(roleId);
    const list = rows.map((r) => ({ name: r.name, module: r.module as Module }));
    permissionCache.set(roleId, { at: now(), list });
    return list;
  }

  /** The spec §3 user from a profile row; only the role's permissions may need a query. */
  async function userFromProfile(row: UserProfileRow): Promise<User> {
    const { user } = row;
    return {
      id: user.id,
      name: user.name,
      email: user.email,
      image: user.image,
      phone: user.phone,
      crm_user_id: user.crmUserId,
      role: { alias: row.role.alias, title: row.role.title },
      display_mode: user.displayMode === 'dark' ? 'dark' : 'light',
      created_at: user.createdAt.toISOString(),
      company: row.company ? toCompany(row.company) : null,
      publisher: row.publisher,
      permissions: await permissionsOf(row.role.id),
      intercom_company_id: row.company?.id ?? null,
      intercom_id: user.id,
      intercom_hash: hmacHex(intercomSecret, user.id),
    };
  }

  return {
    async loadUser(userId: string): Promise<User | null> {
      const row = await repo.loadProfile(userId);
      return row ? userFromProfile(row) : null;
    },

    userFromProfile,

    /** Applies only the fields that differ from the stored profile. */
    async updateProfile(user: User, body: UpdateProfileBody): Promise<void> {
      const changes: {
        displayMode?: string;
        name?: string;
        phone?: string;
        image?: string | null;
      } = {};
      const errors: Record<string, string[]> = {};
      if (body.display_mode !== undefined && body.display_mode !== user.display_mode) {
        changes.displayMode = body.display_mode;
      }
      if (body.name !== undefined && body.name !== user.name) {
        if (user.crm_user_id) errors.name = [AUTH_MESSAGES.crmLocked];
        else changes.name = body.name;
      }
      if (body.phone !== undefined && body.phone !== user.phone) {
        if (user.crm_user_id) errors.phone = [AUTH_MESSAGES.crmLocked];
        else changes.phone = body.phone;
      }
      if (body.image !== undefined && body.image !== user.image) {
        if (body.image === null) changes.image = null;
        else if (deps.isOurFileUrl(body.image) && (await repo.isFileOwnedBy(user.id, body.image))) {
          changes.image = body.image;
        } else errors.image = [MESSAGES.invalidUrl];
      }
      if (Object.keys(errors).length > 0) throw new FieldValidationError(errors);
      if (Object.keys(changes).length > 0) {
        await repo.updateUser(user.id, changes);
        deps.sessions.forgetUser(user.id);
      }
    },
  };
}
