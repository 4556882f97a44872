export {
  meQueryKey,
  meQueryOptions,
  useMeQuery,
  useCurrentUser,
  setCurrentUser,
  getMe,
} from './get-me';
export { useLogout, logout } from './logout';
export { clearSession } from './clear-session';
export {
  updateProfile,
  useUpdateProfile,
  updateDisplayMode,
  useUpdateDisplayMode,
} from './update-profile';
