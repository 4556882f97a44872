export { userListColumns } from './user-list-columns';
export { userRowKey, type UserListRow } from './user-list-row';
export {
  UserListToolbar,
  USER_STATUS_OPTIONS,
  type UserListFilters,
  type UserListToolbarProps,
} from './user-list-toolbar';
export { UserStatusCountsText, type UserStatusCounts } from './user-status-counts';
export {
  InvitationActions,
  type InvitationAction,
  type InvitationActionMutation,
  type InvitationActionVariables,
} from './invitation-actions';
export { InviteUserModal, type InviteBody, type InviteMutation } from './invite-user-modal';
