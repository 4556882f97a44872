import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { CardType } from '@fieldbot/shared';
import { and, eq } from 'drizzle-orm';
import Stripe from 'stripe';
import type { Db } from '../../db/client.js';
import { sandboxPaymentObjects } from '../../db/schema/index.js';
import { toPaymentEvent } from './payment-events.js';
import {
  CardError,
  type ChargeInput,
  type ChargeResult,
  type PaymentProvider,
  type ProviderCard,
} from './payment-provider.js';
import {
  SANDBOX_CHARGE_DECLINED,
  checkSandboxCard,
  type CardInput,
  type SandboxCardBehaviour,
} from './sandbox-cards.js';

/** What the sandbox keeps of a payment method: Stripe's card fields and the test card's behaviour. */
interface SandboxMethodData {
  [key: string]: unknown;
  brand: CardType;
  last4: string;
  exp_month: number;
  exp_year: number;
  name: string | null;
  behaviour: SandboxCardBehaviour;
}

interface SandboxIntentData {
  [key: string]: unknown;
  amount: number;
  currency: 'usd';
  status: 'succeeded' | 'failed';
  payment_method: string;
  description: string;
  metadata: Record<string, string>;
  last_payment_error: { code: string; decline_code: string; message: string } | null;
}

export interface SandboxConfirmSetupInput extends CardInput {
  clientSecret: string;
  name?: string | undefined;
}

/** The built-in sandbox: the PaymentProvider plus its stand-in for Stripe.js confirmCardSetup. */
export interface SandboxPaymentProvider extends PaymentProvider {
  readonly kind: 'sandbox';
  /**
   * Checks the card like Stripe's test mode and saves it to the setup intent's customer.
   * `customerId`, when given, must own the setup intent (a company confirms only its own).
   * Throws CardError (card problems, Stripe's wording) or SandboxNotFoundError.
   */
  confirmSetup(
    input: SandboxConfirmSetupInput,
    customerId?: string,
  ): Promise<{ paymentMethodId: string; card: ProviderCard }>;
  /** The Stripe-Signature-style header the sandbox accepts for this raw body (tests, tooling). */
  signWebhook(payload: string): string;
}

/** A sandbox object that does not exist, or is not the caller's (indistinguishable). */
export class SandboxNotFoundError extends Error {
  override name = 'SandboxNotFoundError';
}

export function isSandboxProvider(provider: PaymentProvider): provider is SandboxPaymentProvider {
  return provider.kind === 'sandbox' && 'confirmSetup' in provider;
}

/**
 * The sandbox's webhook signing secret, derived from the session secret so every process of one
 * deployment agrees on it without another setting, and so it is never a guessable constant.
 */
export function sandboxWebhookSecret(sessionSecret: string): string {
  return `whsec_sb_${createHmac('sha256', sessionSecret).update('fieldbot:sandbox-webhook').digest('hex')}`;
}

const newId = (prefix: string) => `${prefix}_sb_${randomBytes(12).toString('hex')}`;
const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

function sameText(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

const noSuchMethod = (id: string) =>
  new CardError(`No such PaymentMethod: '${id.slice(0, 80)}'`, 'resource_missing');

function toCard(id: string, data: SandboxMethodData): ProviderCard {
  return {
    providerMethodId: id,
    cardType: data.brand,
    last4: data.last4,
    expMonth: data.exp_month,
    expYear: data.exp_year,
    customerName: data.name,
  };
}

function toResult(id: string, data: SandboxIntentData): ChargeResult {
  return {
    status: data.status,
    providerPaymentId: id,
    failureMessage: data.last_payment_error?.message ?? null,
  };
}

/**
 * The built-in default provider: behaves like Stripe in test mode with Stripe's test
 * cards, offline. Its customers, setup intents, payment methods and payment intents are rows of
 * `sandbox_payment_objects`, so every process and restart agrees. Only the brand, last four,
 * expiry, name and the test card's behaviour are kept, never the number or the CVC.
 *
 * Webhooks: the sandbox charges synchronously and sends none, but parseWebhook verifies events
 * exactly as Stripe's are verified (Stripe-Signature `t=…,v1=HMAC-SHA256(t.body)`, 5 minutes'
 * tolerance) with a secret derived from the session secret (sandboxWebhookSecret), so a local
 * tool or test holding that secret can replay billing events; anything unsigned is refused.
 */
export function createSandboxPaymentProvider(
  db: Db,
  sessionSecret: string,
): SandboxPaymentProvider {
  const webhookSecret = sandboxWebhookSecret(sessionSecret);

  async function find(id: string, kind: (typeof sandboxPaymentObjects.$inferSelect)['kind']) {
    const [row] = await db
      .select()
      .from(sandboxPaymentObjects)
      .where(and(eq(sandboxPaymentObjects.id, id), eq(sandboxPaymentObjects.kind, kind)))
      .limit(1);
    return row ?? null;
  }

  async function findIntentByKey(key: string) {
    const [row] = await db
      .select()
      .from(sandboxPaymentObjects)
      .where(eq(sandboxPaymentObjects.idempotencyKey, `pi:${key}`))
      .limit(1);
    return row ?? null;
  }

  return {
    kind: 'sandbox',
    publishableKey: null,

    async createCustomer({ companyId, name, email }) {
      const id = newId('cus');
      await db.insert(sandboxPaymentObjects).values({
        id,
        kind: 'customer',
        customerId: id,
        data: { name, email, metadata: { company_id: companyId }, default_payment_method: null },
      });
      return id;
    },

    async createSetupIntent(customerId) {
      if (!(await find(customerId, 'customer'))) {
        throw new Error(`No such sandbox customer: ${customerId}`);
      }
      const id = newId('seti');
      const clientSecret = `${id}_secret_${randomBytes(16).toString('hex')}`;
      await db.insert(sandboxPaymentObjects).values({
        id,
        kind: 'setup_intent',
        customerId,
        data: {
          secret_hash: sha256(clientSecret),
          status: 'requires_payment_method',
          usage: 'off_session',
          payment_method_types: ['card'],
          payment_method: null,
          last_setup_error: null,
        },
      });
      return { clientSecret };
    },

    async confirmSetup(input, customerId) {
      const setupIntentId = input.clientSecret.split('_secret_')[0] ?? '';
      const outcome = await db.transaction(async (tx) => {
        const [intent] = await tx
          .select()
          .from(sandboxPaymentObjects)
          .where(
            and(
              eq(sandboxPaymentObjects.id, setupIntentId),
              eq(sandboxPaymentObjects.kind, 'setup_intent'),
            ),
          )
          .for('update');
        if (
          !intent?.customerId ||
          typeof intent.data.secret_hash !== 'string' ||
          !sameText(intent.data.secret_hash, sha256(input.clientSecret)) ||
          (customerId !== undefined && intent.customerId !== customerId)
        ) {
          throw new SandboxNotFoundError(`No such setupintent: '${setupIntentId.slice(0, 80)}'`);
        }
        if (intent.data.status !== 'requires_payment_method') {
          throw new CardError(
            'You cannot confirm this SetupIntent because it has already succeeded.',
            'setup_intent_unexpected_state',
          );
        }
        let checked;
        try {
          checked = checkSandboxCard(input);
        } catch (error) {
          if (!(error instanceof CardError)) throw error;
          // Like Stripe: the intent stays open for another card and remembers the last error
          // (committed, so the error is answered after the transaction).
          await tx
            .update(sandboxPaymentObjects)
            .set({
              data: {
                ...intent.data,
                last_setup_error: { code: error.code, message: error.message },
              },
            })
            .where(eq(sandboxPaymentObjects.id, intent.id));
          return { error };
        }
        const paymentMethodId = newId('pm');
        const data: SandboxMethodData = {
          brand: checked.cardType,
          last4: checked.last4,
          exp_month: checked.expMonth,
          exp_year: checked.expYear,
          name: input.name?.trim() || null,
          behaviour: checked.behaviour,
        };
        await tx.insert(sandboxPaymentObjects).values({
          id: paymentMethodId,
          kind: 'payment_method',
          customerId: intent.customerId,
          data,
        });
        await tx
          .update(sandboxPaymentObjects)
          .set({
            data: {
              ...intent.data,
              status: 'succeeded',
              payment_method: paymentMethodId,
              last_setup_error: null,
            },
          })
          .where(eq(sandboxPaymentObjects.id, intent.id));
        return { paymentMethodId, card: toCard(paymentMethodId, data) };
      });
      if ('error' in outcome) throw outcome.error;
      return outcome;
    },

    async attachPaymentMethod(customerId, providerMethodId) {
      const method = await find(providerMethodId, 'payment_method');
      if (!method || method.customerId !== customerId) throw noSuchMethod(providerMethodId);
      const customer = await find(customerId, 'customer');
      if (!customer) throw noSuchMethod(providerMethodId);
      await db
        .update(sandboxPaymentObjects)
        .set({ data: { ...customer.data, default_payment_method: providerMethodId } })
        .where(eq(sandboxPaymentObjects.id, customerId));
      return toCard(method.id, method.data as SandboxMethodData);
    },

    async charge(input: ChargeInput): Promise<ChargeResult> {
      if (!Number.isInteger(input.amountCents) || input.amountCents <= 0) {
        throw new Error(`A charge must be a positive whole number of cents: ${input.amountCents}`);
      }
      const replay = await findIntentByKey(input.idempotencyKey);
      if (replay) return toResult(replay.id, replay.data as SandboxIntentData);
      const method = await find(input.providerMethodId, 'payment_method');
      if (!method || method.customerId !== input.customerId) {
        return {
          status: 'failed',
          providerPaymentId: null,
          failureMessage: noSuchMethod(input.providerMethodId).message,
        };
      }
      const fails = (method.data as SandboxMethodData).behaviour === 'charge_fails';
      const data: SandboxIntentData = {
        amount: input.amountCents,
        currency: 'usd',
        status: fails ? 'failed' : 'succeeded',
        payment_method: method.id,
        description: input.description,
        metadata: input.metadata,
        last_payment_error: fails
          ? {
              code: 'card_declined',
              decline_code: 'generic_decline',
              message: SANDBOX_CHARGE_DECLINED,
            }
          : null,
      };
      const id = newId('pi');
      const [inserted] = await db
        .insert(sandboxPaymentObjects)
        .values({
          id,
          kind: 'payment_intent',
          customerId: input.customerId,
          idempotencyKey: `pi:${input.idempotencyKey}`,
          data,
        })
        .onConflictDoNothing({ target: sandboxPaymentObjects.idempotencyKey })
        .returning({ id: sandboxPaymentObjects.id });
      if (inserted) return toResult(id, data);
      // A concurrent charge with the same key won the insert: answer with its payment intent.
      const winner = await findIntentByKey(input.idempotencyKey);
      if (!winner) throw new Error('The idempotent sandbox charge vanished');
      return toResult(winner.id, winner.data as SandboxIntentData);
    },

    parseWebhook(rawBody, signature) {
      if (!signature) throw new Error('The webhook has no signature');
      return toPaymentEvent(Stripe.webhooks.constructEvent(rawBody, signature, webhookSecret));
    },

    signWebhook(payload) {
      return Stripe.webhooks.generateTestHeaderString({ payload, secret: webhookSecret });
    },
  };
}
