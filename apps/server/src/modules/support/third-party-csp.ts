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

/** Stripe.js and its Payment Element (docs: "Content Security Policy" of Stripe.js). */
const STRIPE: ExtraCspSources = {
  scriptSrc: ['https://js.stripe.com', 'https://*.js.stripe.com'],
  connectSrc: ['https://api.stripe.com'],
  frameSrc: ['https://js.stripe.com', 'https://*.js.stripe.com', 'https://hooks.stripe.com'],
};

/**
 * What the strict CSP must also allow for the third-party services that are configured, and
 * nothing when none is. posthog-js is bundled (no remote script); it only sends to its host.
 */
export function thirdPartyCspSources(
  config: Pick<AppConfig, 'intercomAppId' | 'posthog'> & {
    billing?: Pick<AppConfig['billing'], 'stripe'>;
  },
): ExtraCspSources {
  const out: Required<ExtraCspSources> = {
    scriptSrc: [],
    connectSrc: [],
    imgSrc: [],
    fontSrc: [],
    frameSrc: [],
    mediaSrc: [],
  };
  const add = (sources: ExtraCspSources) => {
    for (const [directive, list] of Object.entries(sources)) {
      out[directive as keyof ExtraCspSources].push(...list);
    }
  };
  if (config.intercomAppId) add(INTERCOM);
  if (config.billing?.stripe) add(STRIPE);
  if (config.posthog) out.connectSrc.push(new URL(config.posthog.host).origin);
  return out;
}
