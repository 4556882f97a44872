import { STORAGE_KEYS, type DisplayMode } from '@fieldbot/shared';
import {
  createTheme,
  darken,
  DEFAULT_THEME,
  lighten,
  localStorageColorSchemeManager,
  luminance,
  type CSSVariablesResolver,
} from '@mantine/core';
import { readStorage } from './storage';

/** WCAG AA for normal text, with a little room for anti-aliasing and tinted surfaces. */
const MIN_TEXT_CONTRAST = 4.6;

function contrast(a: string, b: string): number {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (light + 0.05) / (dark + 0.05);
}

/** Darkens (on a light page) or lightens (on a dark one) `color` until text in it reads on `surface`. */
function readableOn(surface: string, color: string): string {
  const shift = luminance(surface) > 0.5 ? darken : lighten;
  let result = color;
  for (let step = 1; step <= 20 && contrast(result, surface) < MIN_TEXT_CONTRAST; step++) {
    result = shift(color, step * 0.05);
  }
  return result;
}

const LIGHT_SURFACE = DEFAULT_THEME.white;
const DARK_SURFACE = DEFAULT_THEME.colors.dark[7];
// Cards and the striped/hovered table rows sit on these, a shade off the page colour.
const LIGHT_TINT = DEFAULT_THEME.colors.gray[1];
const DARK_TINT = DEFAULT_THEME.colors.dark[6];

/**
 * The colour tokens every screen inherits: every text must reach 4.5:1 contrast in both schemes.
 * Mantine's defaults miss it in places: dimmed gray-6 on white is 3.3:1, the indigo-6 primary 4.3:1,
 * `c="green"` text and outline badges take the filled shade (green-7 on white is 2.8:1), and the
 * dark scheme's dimmed and error colours are ~4:1. So text colours are derived from the palette
 * until they clear AA on the page and on its tinted surfaces, instead of being hand-picked per
 * screen.
 */
const cssVariablesResolver: CSSVariablesResolver = (theme) => {
  const primary = theme.colors[theme.primaryColor] ?? DEFAULT_THEME.colors.indigo;
  const light: Record<string, string> = {
    '--mantine-color-dimmed': readableOn(LIGHT_TINT, theme.colors.gray[6]),
    '--mantine-color-placeholder': readableOn(LIGHT_SURFACE, theme.colors.gray[6]),
    '--mantine-color-error': readableOn(LIGHT_TINT, theme.colors.red[7]),
    '--mantine-color-anchor': readableOn(LIGHT_TINT, primary[7]),
  };
  const dark: Record<string, string> = {
    '--mantine-color-dimmed': readableOn(DARK_TINT, theme.colors.dark[2]),
    '--mantine-color-placeholder': readableOn(DARK_SURFACE, theme.colors.dark[2]),
    '--mantine-color-error': readableOn(DARK_TINT, theme.colors.red[5]),
    '--mantine-color-success': readableOn(DARK_TINT, theme.colors.teal[5]),
    '--mantine-color-anchor': readableOn(DARK_TINT, primary[4]),
  };
  for (const [name, shades] of Object.entries(theme.colors)) {
    if (name === 'dark') continue;
    // `c="{name}"` text and outline variants (badges, buttons) use these two.
    light[`--mantine-color-${name}-text`] = readableOn(LIGHT_TINT, shades[7]);
    // Light variant (status badges): shade 9 on shade 1 is only 2.7:1 for yellow, 3.8:1 for green.
    light[`--mantine-color-${name}-light-color`] = readableOn(shades[1], shades[9]);
    light[`--mantine-color-${name}-outline`] = readableOn(LIGHT_TINT, shades[7]);
    dark[`--mantine-color-${name}-text`] = readableOn(DARK_TINT, shades[4]);
    dark[`--mantine-color-${name}-outline`] = readableOn(DARK_TINT, shades[4]);
  }
  return { variables: {}, light, dark };
};

export const theme = createTheme({
  primaryColor: 'indigo',
  // White on indigo-7 is 5:1 (indigo-6, Mantine's default, is 4.3:1).
  primaryShade: { light: 7, dark: 8 },
  // Filled badges and buttons of any colour pick black or white text, whichever contrasts more
  // (0.179 is where both give the same ratio).
  autoContrast: true,
  luminanceThreshold: 0.179,
  respectReducedMotion: true,
  defaultRadius: 'md',
  fontFamily:
    'Inter, system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
  focusRing: 'auto',
  components: {
    // Colour alone cannot set a link apart from the text around it in the dark scheme (no colour
    // is both 4.5:1 on the page and 3:1 against the body text there), so links are underlined.
    Anchor: { defaultProps: { underline: 'always' } },
    // The × of every dialog is an icon-only button: it needs a name. Plain objects rather than
    // Modal.extend(), which would pull Modal into the login page's bundle.
    Modal: { defaultProps: { closeButtonProps: { 'aria-label': 'Close' } } },
    Drawer: { defaultProps: { closeButtonProps: { 'aria-label': 'Close' } } },
    // Toasts too; and their message is body text, not dimmed: Mantine's dimmed description falls
    // under 4.5:1 on the toast's background.
    Notification: {
      defaultProps: { closeButtonProps: { 'aria-label': 'Close' } },
      styles: { description: { color: 'var(--mantine-color-text)' } },
    },
    // Mantine keeps a closed Select's options in the page (hidden) and positions them as it
    // mounts: a forced style recalculation per Select in the middle of the first render (up to
    // 100 ms of a throttled phone's CPU on the customers list). Mounted when opened instead; the
    // input names its list (aria-controls) only while it is open either way.
    Select: { defaultProps: { comboboxProps: { keepMounted: false } } },
    // A status never shows as 'COMPLET…': Mantine's label clips with an ellipsis, and a clipped
    // flex item may shrink to nothing, so a tight table column squeezed the badge. Visible, the
    // label's width is the badge's minimum, and the column (or the row, on a phone) makes room.
    Badge: {
      styles: {
        root: { flexShrink: 0, maxWidth: 'none', overflow: 'visible' },
        label: { overflow: 'visible', textOverflow: 'clip' },
      },
    },
  },
});

export { cssVariablesResolver };

/**
 * The display mode lives in localStorage under STORAGE_KEYS.theme ('light' | 'dark') once the user
 * picks one; until then the manager reports the provider's default, 'auto', and the app follows the
 * operating system.
 */
export const colorSchemeManager = localStorageColorSchemeManager({ key: STORAGE_KEYS.theme });

export function storedDisplayMode(): DisplayMode | null {
  const value = readStorage(STORAGE_KEYS.theme);
  return value === 'light' || value === 'dark' ? value : null;
}

/**
 * The account's display mode when it records a choice. The server stores 'light' for a user who
 * never picked one, so only 'dark' proves a choice; a 'light' account keeps following the system on
 * a browser where it has not picked a mode.
 */
export function chosenAccountDisplayMode(mode: DisplayMode | undefined): DisplayMode | null {
  return mode === 'dark' ? mode : null;
}
