import {
  DEFAULT_MARKUP_PERCENT,
  MESSAGES,
  PUBLISHER_INFO_MESSAGES,
  publicMarketplacePath,
  type PublisherForm,
  type PublisherInfo,
  type PublisherUpdate,
  type User,
} from '@fieldbot/shared';
import { DomainError, FieldValidationError, notFound } from '../../lib/errors.js';
import type { PublisherRow, PublisherValues, PublishersRepo } from './publishers.repo.js';
import { isUniqueViolation, newReferralCode } from './referral-code.js';

/** Draws of a fresh code before giving up (36^8 codes: a collision is already unlikely). */
const CODE_ATTEMPTS = 5;

export interface PublishersServiceDeps {
  repo: PublishersRepo;
  /** True when `url` is a file URL our storage issued (ownership is checked by the repo). */
  isOurFileUrl(url: string): boolean;
  /** Drops cached sessions so members see the publisher change on their next request. */
  forgetUser(userId: string): void;
  newCode?: () => string;
}

export type PublishersService = ReturnType<typeof createPublishersService>;

const alreadyHasPublisher = () => new DomainError(409, PUBLISHER_INFO_MESSAGES.alreadyHasPublisher);

export function toPublisherInfo(row: PublisherRow): PublisherInfo {
  return {
    id: row.id,
    name: row.name,
    code: row.code,
    landing_path: publicMarketplacePath(row.code, row.name),
    logo: row.logo,
    description: row.description,
    website: row.website,
    support_email: row.supportEmail,
    default_markup_percent: row.markupPercent,
    created_at: row.createdAt.toISOString(),
  };
}

/** The publisher row's columns for the form fields that were sent (absent fields stay absent). */
function toPublisherValues(body: PublisherUpdate): PublisherValues {
  const values: PublisherValues = {
    name: body.name,
    logo: body.logo,
    description: body.description,
    website: body.website,
    supportEmail: body.support_email,
    markupPercent: body.default_markup_percent,
  };
  return Object.fromEntries(
    Object.entries(values).filter(([, value]) => value !== undefined),
  ) as PublisherValues;
}

/** Publisher Information: read, the admin's first create, and edits. */
export function createPublishersService(deps: PublishersServiceDeps) {
  const { repo } = deps;
  const newCode = deps.newCode ?? newReferralCode;

  async function logoErrors(userId: string, logo: string | null | undefined) {
    if (logo && !(deps.isOurFileUrl(logo) && (await repo.isLogoUploadedBy(userId, logo)))) {
      throw new FieldValidationError({ logo: [MESSAGES.invalidUrl] });
    }
  }

  async function infoOf(publisherId: string): Promise<PublisherInfo> {
    const row = await repo.findById(publisherId);
    if (!row) throw notFound();
    return toPublisherInfo(row);
  }

  return {
    /** Null for a publisher admin who has not created the publisher yet. */
    async info(viewer: User): Promise<PublisherInfo | null> {
      return viewer.publisher ? infoOf(viewer.publisher.id) : null;
    },

    /** The admin's first and only publisher, with a generated unique referral code. */
    async create(viewer: User, body: PublisherForm): Promise<PublisherInfo> {
      if (viewer.publisher) throw alreadyHasPublisher();
      await logoErrors(viewer.id, body.logo);
      const values = {
        ...toPublisherValues(body),
        name: body.name,
        markupPercent: body.default_markup_percent ?? DEFAULT_MARKUP_PERCENT,
      };
      for (let attempt = 1; ; attempt++) {
        let id: string | null;
        try {
          id = await repo.createForAdmin(viewer.id, { ...values, code: newCode() });
        } catch (error) {
          if (attempt < CODE_ATTEMPTS && isUniqueViolation(error)) continue;
          throw error;
        }
        if (!id) throw alreadyHasPublisher();
        deps.forgetUser(viewer.id);
        return infoOf(id);
      }
    },

    /** Applies only the fields sent, to the caller's publisher. */
    async update(viewer: User, body: PublisherUpdate): Promise<PublisherInfo> {
      const publisherId = viewer.publisher?.id;
      if (!publisherId) throw new DomainError(409, PUBLISHER_INFO_MESSAGES.noPublisher);
      await logoErrors(viewer.id, body.logo);
      const values = toPublisherValues(body);
      if (Object.keys(values).length > 0) {
        await repo.update(publisherId, values);
        // The name is in every member's user (spec §3 publisher).
        for (const memberId of await repo.memberIds(publisherId)) deps.forgetUser(memberId);
      }
      return infoOf(publisherId);
    },
  };
}
