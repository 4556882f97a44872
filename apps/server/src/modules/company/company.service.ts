import {
  BILLING_MESSAGES,
  COMPANY_MESSAGES,
  isCapacityUpdate,
  type Company,
  type CompanyCreateBody,
  type CompanyUpdate,
  type User,
  nullableCents,
} from '@fieldbot/shared';
import { DomainError, FieldValidationError, notFound } from '../../lib/errors.js';
import { companyFormErrors, toCompanyValues } from './company-form.js';
import type { CompanyRepo } from './company.repo.js';

export interface CompanyServiceDeps {
  repo: CompanyRepo;
  /** True when `url` is a file URL our storage issued (ownership is checked by the repo). */
  isOurFileUrl(url: string): boolean;
  /** The spec §3 user, read afresh: the created company is answered in the same shape as in me. */
  loadUser(userId: string): Promise<User | null>;
  /** The publisher of a referral code, or null for an unknown code. */
  publisherIdByCode(code: string): Promise<string | null>;
  /** Drops cached sessions so members see the company change on their next request. */
  forgetUser(userId: string): void;
  /** The limits changed: check the company now (a raised limit resumes paused work promptly). */
  capacityChanged?(companyId: string): Promise<void>;
}

export type CompanyService = ReturnType<typeof createCompanyService>;

const alreadyHasCompany = () => new DomainError(409, COMPANY_MESSAGES.alreadyHasCompany);

export function createCompanyService(deps: CompanyServiceDeps) {
  const { repo } = deps;

  return {
    /** Spec §7 POST /api/company/create: the admin's first and only company. */
    async create(viewer: User, body: CompanyCreateBody): Promise<Company> {
      if (viewer.company) throw alreadyHasCompany();
      const errors = await companyFormErrors(repo, deps, viewer.id, body, null);
      if (Object.keys(errors).length > 0) throw new FieldValidationError(errors);
      // An unknown code is ignored (the sign-up's referral, if any, still counts).
      const referrerId = body.referral_code
        ? await deps.publisherIdByCode(body.referral_code)
        : null;
      const id = await repo.createForAdmin(
        viewer.id,
        { ...toCompanyValues(body), name: body.name },
        referrerId,
      );
      if (!id) throw alreadyHasCompany();
      deps.forgetUser(viewer.id);
      const company = (await deps.loadUser(viewer.id))?.company;
      if (!company) throw new Error(`Company ${id} was created but its admin does not carry it`);
      return company;
    },

    /** Spec §7 POST /api/company/update: applies only the fields sent, to the caller's company. */
    async update(viewer: User, body: CompanyUpdate): Promise<string> {
      const companyId = viewer.company?.id;
      const current = companyId ? await repo.findCompany(companyId) : null;
      if (!companyId || !current) throw notFound();
      const errors = await companyFormErrors(repo, deps, viewer.id, body, current);
      if (Object.keys(errors).length > 0) throw new FieldValidationError(errors);
      const capacity = isCapacityUpdate(body);
      const values = {
        ...toCompanyValues(body),
        // Spec §5 "Capacity": the form sends both; an empty hard is null (no hard limit).
        ...(capacity
          ? {
              softCapacityCents: nullableCents(body.soft_capacity),
              hardCapacityCents: nullableCents(body.hard_capacity),
            }
          : {}),
      };
      if (Object.keys(values).length > 0) {
        await repo.updateCompany(companyId, values);
        for (const memberId of await repo.memberIds(companyId)) deps.forgetUser(memberId);
      }
      if (!capacity) return COMPANY_MESSAGES.updated;
      await deps.capacityChanged?.(companyId);
      return BILLING_MESSAGES.limitUpdated;
    },
  };
}
