import type { AppConfig } from '../../config.js';
import type { ExtraCspSources } from '../../plugins/security-headers.js';

/** Intercom's documented CSP origins for the Messenger (scripts, API and websockets, uploads). */
const INTERCOM: ExtraCspSources = {
  scriptSrc: [
    'https://app.intercom.io',
    'https://widget.intercom.io',
    'https://js.intercomcdn.com',
  ],
  connectSrc: [
    'https://*.intercom.io',
    'wss://*.intercom.io',
    'https://*.intercomcdn.com',
    'https://*.intercomusercontent.com',
  ],
  imgSrc: [
    'https://*.intercomcdn.com',
    'https://*.intercomassets.com',
    'https://*.intercomusercontent.com',
    'https://*.intercom.io',
  ],
  fontSrc: ['https://js.intercomcdn.com', 'https://fonts.intercomcdn.com'],
  frameSrc: ['https://intercom-sheets.com', 'https://www.intercom-reporting.com'],
  mediaSrc: ['https://js.intercomcdn.com'],
};

/**
 * What the strict CSP must also allow for the third-party services that are configured, and
 * nothing when none is. posthog-js is bundled (no remote script); it only sends to its host.
 */
export function thirdPartyCspSources(
  config: Pick<AppConfig, 'intercomAppId' | 'posthog'>,
): ExtraCspSources {
  const out: Required<ExtraCspSources> = {
    scriptSrc: [],
    connectSrc: [],
    imgSrc: [],
    fontSrc: [],
    frameSrc: [],
    mediaSrc: [],
  };
  if (config.intercomAppId) {
    for (const [directive, sources] of Object.entries(INTERCOM)) {
      out[directive as keyof ExtraCspSources].push(...sources);
    }
  }
  if (config.posthog) out.connectSrc.push(new URL(config.posthog.host).origin);
  return out;
}
