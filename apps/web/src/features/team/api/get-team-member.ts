import { teamMemberResponseSchema, type TeamMember } from '@fieldbot/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '@/lib/http';

/** GET /api/company/team/{id} → {data: TeamMember}; another company's user is a 404. */
export async function getTeamMember(id: string): Promise<TeamMember> {
  const { data } = await http.get(
    `/api/company/team/${encodeURIComponent(id)}`,
    teamMemberResponseSchema,
  );
  return data;
}

export const teamMemberQueryKey = (id: string) => ['team', 'member', id] as const;

export const teamMemberQueryOptions = (id: string) =>
  queryOptions({
    queryKey: teamMemberQueryKey(id),
    queryFn: () => getTeamMember(id),
    // A failed fetch shows the 'User not found' page instead of a toast.
    meta: { errorToast: false },
  });

export function useTeamMember(id: string) {
  return useQuery(teamMemberQueryOptions(id));
}
