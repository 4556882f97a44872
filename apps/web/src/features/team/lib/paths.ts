/** users/{id}/detail/general (spec §2): the user detail's general tab. */
export const teamMemberPath = (id: string) => `/users/${encodeURIComponent(id)}/detail/general`;

export const TEAM_PATH = '/users';
