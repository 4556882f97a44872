import { STORAGE_KEYS, type DisplayMode } from '@fieldbot/shared';
import { createTheme, localStorageColorSchemeManager } from '@mantine/core';
import { readStorage } from './storage';

export const theme = createTheme({
  primaryColor: 'indigo',
  defaultRadius: 'md',
  fontFamily:
    'Inter, system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
  focusRing: 'auto',
});

/** The display mode lives in localStorage under STORAGE_KEYS.theme ('light' | 'dark'). */
export const colorSchemeManager = localStorageColorSchemeManager({ key: STORAGE_KEYS.theme });

export function storedDisplayMode(): DisplayMode | null {
  const value = readStorage(STORAGE_KEYS.theme);
  return value === 'light' || value === 'dark' ? value : null;
}
