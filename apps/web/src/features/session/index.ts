export {
  meQueryKey,
  meQueryOptions,
  useMeQuery,
  useCurrentUser,
  setCurrentUser,
  getMe,
} from './api/get-me';
export { useLogout, logout } from './api/logout';
export { clearSession } from './api/clear-session';
export { useUpdateDisplayMode, updateDisplayMode } from './api/update-display-mode';
