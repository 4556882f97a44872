import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';

/**
 * A local stand-in for the parts of Stripe's REST API the Stripe adapter uses:
 * form-encoded requests, Bearer secret key, Idempotency-Key replay, Stripe-shaped objects and
 * error bodies. Test hooks play the browser's part (Stripe.js confirming a SetupIntent) and
 * sign webhooks the way Stripe does.
 */

type Json = Record<string, unknown>;

interface StoredResponse {
  fingerprint: string;
  status: number;
  body: Json;
}

export interface FakeCard {
  number: string;
  expMonth?: number;
  expYear?: number;
  name?: string;
}

export interface FakeRequest {
  method: string;
  path: string;
  idempotencyKey: string | undefined;
  body: Json;
}

interface CardBehaviour {
  declineAtSetup: boolean;
  chargeFails: boolean;
}

/** Stripe's test cards as the fake honours them; any other number behaves like 4242. */
function behaviourOf(number: string): CardBehaviour {
  return {
    declineAtSetup: number === '4000000000000002',
    chargeFails: number === '4000000000000341',
  };
}

function brandOf(number: string): string {
  if (number.startsWith('4')) return 'visa';
  if (/^(5[1-5]|2[2-7])/.test(number)) return 'mastercard';
  if (/^3[47]/.test(number)) return 'amex';
  if (/^(6011|65)/.test(number)) return 'discover';
  if (number.startsWith('35')) return 'jcb';
  if (number.startsWith('62')) return 'unionpay';
  return 'unknown';
}

const DECLINED = 'Your card was declined.';

/** Parses Stripe's form encoding (`a[b]=1`, `list[0]=x`) into nested objects and arrays. */
export function parseStripeForm(text: string): Json {
  const root: Json = {};
  for (const [key, value] of new URLSearchParams(text)) {
    const [head, ...rest] = key.split('[');
    const path = [head!, ...rest.map((part) => part.replace(/\]$/, ''))];
    let node: Record<string, unknown> | unknown[] = root;
    path.forEach((segment, index) => {
      const last = index === path.length - 1;
      const slot = Array.isArray(node) ? Number(segment === '' ? node.length : segment) : segment;
      const container = node as Record<string | number, unknown>;
      if (last) {
        container[slot] = value;
        return;
      }
      const nextIsIndex = /^\d*$/.test(path[index + 1]!);
      container[slot] ??= nextIsIndex ? [] : {};
      node = container[slot] as Record<string, unknown> | unknown[];
    });
  }
  return root;
}

class StripeHttpError extends Error {
  constructor(
    readonly status: number,
    readonly error: Json,
  ) {
    super(String(error.message));
  }
}

const missing = (kind: string, id: string, param = 'id') =>
  new StripeHttpError(404, {
    type: 'invalid_request_error',
    code: 'resource_missing',
    message: `No such ${kind}: '${id}'`,
    param,
  });

const invalid = (message: string, param?: string) =>
  new StripeHttpError(400, { type: 'invalid_request_error', message, ...(param ? { param } : {}) });

export interface FakeStripe {
  /** http://127.0.0.1:port, for StripeConfig.apiUrl. */
  url: string;
  secretKey: string;
  publishableKey: string;
  webhookSecret: string;
  /** Every API request received, in order. */
  requests: FakeRequest[];
  customers: Map<string, Json>;
  setupIntents: Map<string, Json>;
  paymentMethods: Map<string, Json>;
  paymentIntents: Map<string, Json>;
  /** Events Stripe would send for what happened (payment_intent.succeeded / payment_failed). */
  events: Json[];
  /**
   * Stripe.js confirmCardSetup: creates the card's PaymentMethod, attaches it to the SetupIntent's
   * customer and marks the intent succeeded; a declined test card answers the card error.
   */
  confirmSetupIntent(
    clientSecret: string,
    card: FakeCard,
  ): { paymentMethod: string } | { error: Json };
  /** Stripe.js createPaymentMethod: an unattached card PaymentMethod (or attached to `customer`). */
  createPaymentMethod(card: FakeCard, customer?: string): string;
  /** A Stripe-shaped event about a payment intent. */
  event(type: string, paymentIntentId: string): Json;
  /** The raw body and Stripe-Signature header Stripe would send (defaults to the fake's secret). */
  signedWebhook(event: Json, secret?: string): { payload: Buffer; signature: string };
  /** POSTs a signed webhook to `url` (a billing webhook route). */
  sendWebhook(url: string, event: Json, secret?: string): Promise<Response>;
  close(): Promise<void>;
}

export async function startFakeStripe(): Promise<FakeStripe> {
  const secretKey = `sk_test_fake_${randomBytes(8).toString('hex')}`;
  const publishableKey = `pk_test_fake_${randomBytes(8).toString('hex')}`;
  const webhookSecret = `whsec_fake_${randomBytes(16).toString('hex')}`;
  const customers = new Map<string, Json>();
  const setupIntents = new Map<string, Json>();
  const paymentMethods = new Map<string, Json>();
  const paymentIntents = new Map<string, Json>();
  /** What each card number does, by payment method id (Stripe never returns the number). */
  const behaviours = new Map<string, CardBehaviour>();
  const idempotent = new Map<string, StoredResponse>();
  const requests: FakeRequest[] = [];
  const events: Json[] = [];
  const id = (prefix: string) => `${prefix}_${randomBytes(12).toString('hex')}`;
  const now = () => Math.floor(Date.now() / 1000);

  function get(map: Map<string, Json>, kind: string, key: string, param?: string): Json {
    const found = map.get(key);
    if (!found) throw missing(kind, key, param);
    return found;
  }

  function newPaymentMethod(card: FakeCard, customer: string | null): string {
    const number = card.number.replace(/\D/g, '');
    const pmId = id('pm');
    paymentMethods.set(pmId, {
      id: pmId,
      object: 'payment_method',
      type: 'card',
      created: now(),
      livemode: false,
      customer,
      metadata: {},
      billing_details: { name: card.name ?? null, email: null, phone: null, address: null },
      card: {
        brand: brandOf(number),
        last4: number.slice(-4),
        exp_month: card.expMonth ?? 12,
        exp_year: card.expYear ?? new Date().getFullYear() + 3,
        funding: 'credit',
        country: 'US',
      },
    });
    behaviours.set(pmId, behaviourOf(number));
    return pmId;
  }

  function recordEvent(type: string, intent: Json) {
    events.push({
      id: id('evt'),
      object: 'event',
      type,
      created: now(),
      livemode: false,
      api_version: Stripe.API_VERSION,
      data: { object: structuredClone(intent) },
    });
  }

  function createPaymentIntent(body: Json): Json {
    const amount = Number(body.amount);
    if (!Number.isInteger(amount) || amount < 50) {
      throw invalid('Amount must be at least $0.50 usd', 'amount');
    }
    const customer = String(body.customer ?? '');
    get(customers, 'customer', customer, 'customer');
    const pmId = String(body.payment_method ?? '');
    const method = get(paymentMethods, 'PaymentMethod', pmId, 'payment_method');
    if (method.customer !== customer) {
      throw invalid(
        `The provided PaymentMethod ${pmId} does not belong to the customer ${customer}.`,
        'payment_method',
      );
    }
    const piId = id('pi');
    const intent: Json = {
      id: piId,
      object: 'payment_intent',
      amount,
      currency: body.currency ?? 'usd',
      customer,
      payment_method: pmId,
      description: body.description ?? null,
      metadata: body.metadata ?? {},
      created: now(),
      livemode: false,
      client_secret: `${piId}_secret_${randomBytes(8).toString('hex')}`,
      status: 'requires_confirmation',
      last_payment_error: null,
      latest_charge: null,
    };
    paymentIntents.set(piId, intent);
    if (body.confirm !== 'true') return intent;
    const chargeId = id('ch');
    intent.latest_charge = chargeId;
    if (behaviours.get(pmId)?.chargeFails) {
      const error = {
        type: 'card_error',
        code: 'card_declined',
        decline_code: 'generic_decline',
        message: DECLINED,
        charge: chargeId,
        payment_method: method,
      };
      intent.status = 'requires_payment_method';
      intent.last_payment_error = error;
      recordEvent('payment_intent.payment_failed', intent);
      throw new StripeHttpError(402, { ...error, payment_intent: intent });
    }
    intent.status = 'succeeded';
    recordEvent('payment_intent.succeeded', intent);
    return intent;
  }

  function route(method: string, path: string, body: Json): Json {
    const parts = path.split('/').filter(Boolean); // ['v1', resource, id?, action?]
    const [version, resource, objectId, action] = parts;
    if (version !== 'v1') throw missing('route', path);
    if (resource === 'customers') {
      if (method === 'POST' && !objectId) {
        const cusId = id('cus');
        const customer: Json = {
          id: cusId,
          object: 'customer',
          created: now(),
          livemode: false,
          name: body.name ?? null,
          email: body.email ?? null,
          metadata: body.metadata ?? {},
          invoice_settings: { default_payment_method: null },
        };
        customers.set(cusId, customer);
        return customer;
      }
      if (objectId && !action) {
        const customer = get(customers, 'customer', objectId);
        if (method === 'GET') return customer;
        if (method === 'POST') {
          const settings = body.invoice_settings as Json | undefined;
          const pmId = settings?.default_payment_method;
          if (typeof pmId === 'string') {
            const pm = paymentMethods.get(pmId);
            if (!pm || pm.customer !== objectId) {
              throw invalid(
                `The customer does not have a payment method with the ID ${pmId}. The payment method must be attached to the customer.`,
                'invoice_settings[default_payment_method]',
              );
            }
            customer.invoice_settings = { default_payment_method: pmId };
          }
          if (typeof body.name === 'string') customer.name = body.name;
          if (body.metadata)
            customer.metadata = { ...(customer.metadata as Json), ...(body.metadata as Json) };
          return customer;
        }
      }
    }
    if (resource === 'setup_intents' && method === 'POST' && !objectId) {
      const customer = String(body.customer ?? '');
      get(customers, 'customer', customer, 'customer');
      const setiId = id('seti');
      const types = (body.allowed_payment_method_types ??
        body.payment_method_types ?? ['card']) as string[];
      const intent: Json = {
        id: setiId,
        object: 'setup_intent',
        created: now(),
        livemode: false,
        customer,
        usage: body.usage ?? 'off_session',
        payment_method_types: types,
        client_secret: `${setiId}_secret_${randomBytes(12).toString('hex')}`,
        status: 'requires_payment_method',
        payment_method: null,
        last_setup_error: null,
      };
      setupIntents.set(setiId, intent);
      return intent;
    }
    if (resource === 'payment_methods' && objectId) {
      const pm = get(paymentMethods, 'PaymentMethod', objectId);
      if (method === 'GET' && !action) return pm;
      if (method === 'POST' && action === 'attach') {
        const customer = String(body.customer ?? '');
        get(customers, 'customer', customer, 'customer');
        if (pm.customer && pm.customer !== customer) {
          throw invalid(
            'The payment method you provided has already been attached to a customer.',
            'payment_method',
          );
        }
        pm.customer = customer;
        return pm;
      }
    }
    if (resource === 'payment_intents') {
      if (method === 'POST' && !objectId) return createPaymentIntent(body);
      if (method === 'GET' && objectId && !action) {
        return get(paymentIntents, 'payment_intent', objectId);
      }
    }
    throw missing('route', `${method} ${path}`);
  }

  function send(res: ServerResponse, status: number, body: Json, replayed = false) {
    res.writeHead(status, {
      'content-type': 'application/json',
      'request-id': id('req'),
      ...(replayed ? { 'idempotent-replayed': 'true' } : {}),
    });
    res.end(JSON.stringify(body));
  }

  async function handle(req: IncomingMessage, res: ServerResponse) {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const url = new URL(req.url ?? '/', 'http://fake');
    const method = req.method ?? 'GET';
    const text = method === 'GET' ? url.search.slice(1) : Buffer.concat(chunks).toString('utf8');
    const body = parseStripeForm(text);
    const key = req.headers['idempotency-key'];
    const idempotencyKey = typeof key === 'string' ? key : undefined;
    requests.push({ method, path: url.pathname, idempotencyKey, body });

    if (req.headers.authorization !== `Bearer ${secretKey}`) {
      return send(res, 401, {
        error: { type: 'invalid_request_error', message: 'Invalid API Key provided.' },
      });
    }
    const fingerprint = `${method} ${url.pathname} ${text}`;
    if (method === 'POST' && idempotencyKey) {
      const stored = idempotent.get(idempotencyKey);
      if (stored) {
        if (stored.fingerprint !== fingerprint) {
          return send(res, 400, {
            error: {
              type: 'idempotency_error',
              message:
                'Keys for idempotent requests can only be used with the same parameters they were first used with.',
            },
          });
        }
        return send(res, stored.status, stored.body, true);
      }
    }
    let status = 200;
    let answer: Json;
    try {
      answer = route(method, url.pathname, body);
    } catch (error) {
      if (!(error instanceof StripeHttpError)) throw error;
      status = error.status;
      answer = { error: error.error };
    }
    // Stripe replays the first answer, errors included (except its own 5xx).
    if (method === 'POST' && idempotencyKey) {
      idempotent.set(idempotencyKey, { fingerprint, status, body: structuredClone(answer) });
    }
    send(res, status, answer);
  }

  const server: Server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      send(res, 500, { error: { type: 'api_error', message: String(error) } });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  const signedWebhook = (event: Json, secret = webhookSecret) => {
    const payload = JSON.stringify(event);
    return {
      payload: Buffer.from(payload),
      signature: Stripe.webhooks.generateTestHeaderString({ payload, secret }),
    };
  };

  return {
    url: `http://127.0.0.1:${port}`,
    secretKey,
    publishableKey,
    webhookSecret,
    requests,
    customers,
    setupIntents,
    paymentMethods,
    paymentIntents,
    events,

    confirmSetupIntent(clientSecret, card) {
      const intent = setupIntents.get(clientSecret.split('_secret_')[0] ?? '');
      if (!intent || intent.client_secret !== clientSecret) {
        return {
          error: {
            type: 'invalid_request_error',
            code: 'resource_missing',
            message: 'No such setupintent',
          },
        };
      }
      const number = card.number.replace(/\D/g, '');
      if (behaviourOf(number).declineAtSetup) {
        const error = {
          type: 'card_error',
          code: 'card_declined',
          decline_code: 'generic_decline',
          message: DECLINED,
        };
        intent.last_setup_error = error;
        return { error };
      }
      const pmId = newPaymentMethod(card, String(intent.customer));
      intent.status = 'succeeded';
      intent.payment_method = pmId;
      return { paymentMethod: pmId };
    },

    createPaymentMethod: (card, customer) => newPaymentMethod(card, customer ?? null),

    event(type, paymentIntentId) {
      const intent = get(paymentIntents, 'payment_intent', paymentIntentId);
      return {
        id: id('evt'),
        object: 'event',
        type,
        created: now(),
        livemode: false,
        api_version: Stripe.API_VERSION,
        data: { object: structuredClone(intent) },
      };
    },

    signedWebhook,

    async sendWebhook(url, event, secret) {
      const { payload, signature } = signedWebhook(event, secret);
      return fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'stripe-signature': signature },
        body: payload,
      });
    },

    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}
