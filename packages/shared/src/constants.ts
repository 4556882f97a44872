/** Business constants of spec §9; one source for web and server. */
export const USER_REFETCH_INTERVAL_MS = 900_000;
export const REDIRECT_DELAY_MS = 1000;
export const MARKETPLACE_REDIRECT_DELAY_MS = 1000;
export const INTERACTION_POLL_MS = 10_000;
export const INTEGRATION_POLL_MS = 5_000;
export const QUERY_RETRY = 2;
export const SEARCH_DEBOUNCE_MS = 1000;
export const DEFAULT_PAGE = 1;
export const PAGE_SIZE = 10;
/**
 * A long list counts at most this many entries past its page ('1,000+'): counting every one of
 * 50,000 marketplace bots cost more than the page itself.
 */
export const LIST_COUNT_CAP = 1000;
export const REQUEST_TIMEOUT_MS = 30_000;

export const TEXT_LIMITS = {
  prompt: 10_000,
  fieldTeamProcess: 5000,
  phoneProcess: 5000,
  description: 1500,
  profileNameMin: 1,
  profileNameMax: 50,
  email: 200,
} as const;

export const PHOTO_RULES = {
  extensions: ['jpg', 'jpeg', 'png'],
  mimeTypes: ['image/jpeg', 'image/png'],
  maxMb: 3,
  maxBytes: 3_000_000,
} as const;

export const FILE_UPLOADER_DEFAULTS = {
  maxFiles: 3,
  extensions: ['pdf', 'txt', 'csv', 'docx', 'xlsx', 'xls'],
  bytesPerMb: 1_000_000,
} as const;

export const PLAYBACK_SPEEDS = [0.5, 0.8, 1, 1.2, 1.8, 2, 2.5, 3] as const;
export const SEEK_STEP_SECONDS = 5;
export const PLACEHOLDER_PEAKS = 39;
export const SOFT_CAPACITY_EVENT_THRESHOLD = 80;
export const COPYRIGHT_YEAR = 2023;

export const CSRF_COOKIE = 'XSRF-TOKEN';
export const CSRF_HEADER = 'x-xsrf-token';
export const SESSION_COOKIE = 'fieldbot_session';

/**
 * The element holding the outline of a logged-in page that the server sends with its HTML, shown
 * until the app has drawn the page (ADR 021).
 */
export const BOOT_SHELL_ID = 'boot-shell';

/** Keys of everything the web app keeps in localStorage (spec §3 "Locally stored"). */
export const STORAGE_KEYS = {
  user: 'fieldbot.user',
  redirectTo: 'fieldbot.redirectTo',
  theme: 'fieldbot.theme',
  deviceId: 'fieldbot.deviceId',
  paymentError: 'fieldbot.paymentError',
  vanityPopup: 'fieldbot.vanityPopup',
  referralCode: 'fieldbot.referralCode',
} as const;

export const DISPLAY_MODES = ['light', 'dark'] as const;
export type DisplayMode = (typeof DISPLAY_MODES)[number];
