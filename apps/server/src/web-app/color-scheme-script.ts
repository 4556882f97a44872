import { STORAGE_KEYS } from '@fieldbot/shared';
import { inlineScriptSource } from '../lib/html.js';

/**
 * Sets Mantine's colour-scheme attribute before the first paint of a page sent with its boot shell
 * (ADR 021): the user's saved choice (Mantine's local-storage manager), else the system's. Without
 * it the outline would be drawn light and turn dark when the app starts.
 */
export const COLOR_SCHEME_SCRIPT =
  `try{var s=localStorage.getItem(${JSON.stringify(STORAGE_KEYS.theme)});` +
  "if(s!=='light'&&s!=='dark')s=matchMedia('(prefers-color-scheme: dark)').matches?'dark':'light';" +
  "document.documentElement.setAttribute('data-mantine-color-scheme',s)}catch(e){}";

/** The CSP source that allows exactly that inline script. */
export const COLOR_SCHEME_SCRIPT_SOURCE = inlineScriptSource(COLOR_SCHEME_SCRIPT);
