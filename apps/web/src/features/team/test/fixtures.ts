import type { TeamListItem, TeamMember } from '@fieldbot/shared';

let seq = 0;
export const uuid = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

export function makeTeamRow(overrides: Partial<TeamListItem> = {}): TeamListItem {
  seq += 1;
  return {
    id: uuid(2000 + seq),
    kind: 'user',
    name: `Member ${seq}`,
    email: `member${seq}@example.test`,
    role: { alias: 'field_team', title: 'Field Technician' },
    status: 'active',
    last_active_at: '2026-03-04T15:06:07.000Z',
    crm_user_id: null,
    invitation: null,
    ...overrides,
  };
}

export function makeInvitationRow(email: string, overrides: Partial<TeamListItem> = {}) {
  const id = uuid(3000 + (seq += 1));
  return makeTeamRow({
    id,
    kind: 'invitation',
    name: null,
    email,
    status: 'invited',
    last_active_at: null,
    invitation: {
      id,
      sent_at: '2026-03-04T15:06:07.000Z',
      expires_at: '2026-03-11T15:06:07.000Z',
    },
    ...overrides,
  });
}

export function makeTeamMember(overrides: Partial<TeamMember> = {}): TeamMember {
  return {
    id: uuid(4001),
    name: 'Sam Rivera',
    email: 'sam.rivera@demo.fieldbot.test',
    image: null,
    phone: '5125550104',
    crm_user_id: null,
    role: { alias: 'field_team', title: 'Field Technician' },
    status: 'active',
    last_active_at: '2026-03-04T15:06:07.000Z',
    created_at: '2026-01-01T00:00:00.000Z',
    ...overrides,
  };
}
