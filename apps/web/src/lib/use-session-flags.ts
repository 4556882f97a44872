import { useSyncExternalStore } from 'react';
import { getSessionFlags, subscribeSessionFlags, type SessionFlags } from './session-flags';

export function useSessionFlags(): SessionFlags {
  return useSyncExternalStore(subscribeSessionFlags, getSessionFlags, getSessionFlags);
}
