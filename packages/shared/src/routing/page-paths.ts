/**
 * The app's page URLs, built in one place beside KNOWN_ROUTES: every builder's path is an instance
 * of one of those patterns (page-paths.test.ts checks), so a renamed route cannot leave a link
 * pointing at the not-found page.
 */

export const TEAM_PATH = '/users';
export const CUSTOMERS_PATH = '/customers';
/** Search every conversation; the query lives in the URL (q, page and the filters). */
export const SEARCH_PATH = '/search';
export const MARKETPLACE_PATH = '/marketplace';
/** The company's bots: the marketplace filtered to its subscriptions. */
export const COMPANY_BOTS_PATH = '/marketplace?subscribed=true';
export const BOT_LIST_PATH = '/bot/list';
export const PRIVATE_BOTS_PATH = '/bot/private-bot';
export const BOT_CREATE_PATH = '/bot/create';
export const CLIENTS_PATH = '/clients/list';
export const INVOICE_HISTORY_PATH = '/settings/billing/invoice-history';
export const TRANSACTION_HISTORY_PATH = '/settings/billing/transaction-history';
export const CAPACITY_PATH = '/settings/billing/capacity';
/** Onboarding step 3 (spec §2 Settings), the next step after a card is added. */
export const INTEGRATIONS_PATH = '/settings/integrations';
/** Public API keys of the company (admins only, once set up). */
export const API_KEYS_PATH = '/settings/api-keys';
/** Consent, retention, redaction and vocabulary (issue 27; admins only, once set up). */
export const PRIVACY_SETTINGS_PATH = '/settings/privacy';
/** Who did what (issue 27 §5): company admins see their company's, publisher admins theirs. */
export const AUDIT_LOG_PATH = '/settings/audit-log';

export const customerPath = (customerId: string) => `/customers/${customerId}`;
/** The customer's Interactions table filtered to CSR calls (the filter lives in the query string). */
export const customerCallsPath = (customerId: string) => `/customers/${customerId}?type=csr-call`;
/** An interaction opened from its customer (spec §2). */
export const customerInteractionPath = (
  customerId: string,
  interaction: { id: string; type: string },
) => `/customers/${customerId}/interaction/${interaction.id}/${interaction.type}`;
/**
 * An interaction opened at a moment: its player starts at `seconds` (a search hit's line), to the
 * tenth rounded up, so the line that starts there is the one the transcript highlights (rounded
 * down, a line at 20.7 s would open at 20 s on the line before it).
 */
export const interactionAtPath = (
  customerId: string,
  interaction: { id: string; type: string },
  seconds: number,
) =>
  `${customerInteractionPath(customerId, interaction)}?t=${Math.ceil(Math.max(0, seconds) * 10) / 10}`;
export const csrCallPath = (customerId: string, interactionId: string) =>
  customerInteractionPath(customerId, { id: interactionId, type: 'csr-call' });

/** users/{id}/detail/general (spec §2): a team member's general tab. */
export const teamMemberPath = (userId: string) =>
  `/users/${encodeURIComponent(userId)}/detail/general`;

export const marketplaceBotPagePath = (botId: string) => `/marketplace/bot/${botId}`;
export const marketplacePublisherPagePath = (publisherId: string) => `/marketplace/${publisherId}`;

export const botEditPath = (botId: string) => `/bot/create/${botId}`;
export const botDetailPath = (botId: string) => `/bot/detail/${botId}`;

export const CLIENT_TABS = ['general', 'bots', 'runs'] as const;
export type ClientTab = (typeof CLIENT_TABS)[number];
export const clientDetailPath = (clientId: string, tab: ClientTab = 'general') =>
  `/clients/detail/${clientId}/${tab}`;
