import { z } from 'zod';

/**
 * GET /api/client-config (public): the browser-side keys of optional third-party services, so one
 * build of the web app works with or without them. Each is null when the service is not configured.
 */
export const clientConfigSchema = z.object({
  /** PostHog project key; analytics also go to PostHog when set. */
  posthog_key: z.string().nullable(),
  posthog_host: z.string().nullable(),
  /** Intercom workspace; without it the built-in Help panel is the support channel. */
  intercom_app_id: z.string().nullable(),
});
export type ClientConfig = z.infer<typeof clientConfigSchema>;
export const clientConfigResponseSchema = z.object({ data: clientConfigSchema });
export const CLIENT_CONFIG_PATH = '/api/client-config';
