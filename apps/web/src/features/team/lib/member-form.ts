import {
  ROLE,
  collapseSpaces,
  digitsOnly,
  teamUpdateBodySchema,
  type AssignableTeamRole,
  type TeamMember,
  type TeamUpdateBody,
  type User,
} from '@fieldbot/shared';

export interface MemberValues {
  name: string;
  /** Digits only, at most 10; the input shows (xxx) xxx-xxxx. */
  phone: string;
  role_alias: string;
}

export function memberInitialValues(member: TeamMember): MemberValues {
  return {
    name: member.name,
    phone: digitsOnly(member.phone ?? ''),
    role_alias: member.role.alias,
  };
}

/** What the viewer may change of this member. */
export function memberEditRights(viewer: User | null | undefined, member: TeamMember) {
  const admin = viewer?.role.alias === ROLE.COMPANY_ADMIN;
  const crm = Boolean(member.crm_user_id);
  const roleChangeable =
    admin &&
    viewer.id !== member.id &&
    (member.role.alias === ROLE.MANAGER || member.role.alias === ROLE.FIELD_TEAM);
  return { admin, nameAndPhone: admin && !crm, role: roleChangeable, crm };
}

/** Only changed fields are sent (spec §7 team update, like the profile rules of spec §5). */
export function memberChanges(
  values: MemberValues,
  member: TeamMember,
  rights: ReturnType<typeof memberEditRights>,
): TeamUpdateBody {
  const body: TeamUpdateBody = { id: member.id };
  if (rights.nameAndPhone) {
    const name = collapseSpaces(values.name);
    if (name !== member.name) body.name = name;
    const phone = digitsOnly(values.phone);
    if (phone !== digitsOnly(member.phone ?? '')) body.phone = phone;
  }
  if (rights.role && values.role_alias !== member.role.alias) {
    body.role_alias = values.role_alias as AssignableTeamRole;
  }
  return body;
}

/** The form's validation: the update schema's rules for the fields the viewer may edit. */
export function validateMember(
  values: MemberValues,
  member: TeamMember,
  rights: ReturnType<typeof memberEditRights>,
): Record<string, string> {
  const candidate: Record<string, unknown> = { id: member.id };
  if (rights.nameAndPhone) {
    candidate.name = values.name;
    candidate.phone = digitsOnly(values.phone);
  }
  if (rights.role) candidate.role_alias = values.role_alias;
  const result = teamUpdateBodySchema.safeParse(candidate);
  const errors: Record<string, string> = {};
  if (!result.success) {
    for (const issue of result.error.issues) {
      const field = String(issue.path[0] ?? '');
      if (field && !errors[field]) errors[field] = issue.message;
    }
  }
  return errors;
}
