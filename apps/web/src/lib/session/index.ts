export { meQueryKey, meQueryOptions, useMeQuery, useCurrentUser, setCurrentUser } from './get-me';
export { getMe } from './fetch-me';
export { useLogout, logout } from './logout';
export { clearSession } from './clear-session';
export {
  updateProfile,
  useUpdateProfile,
  updateDisplayMode,
  useUpdateDisplayMode,
} from './update-profile';
