import type { RuleSpeaker } from '@fieldbot/shared';

/**
 * Which side of the conversation a segment's speaker is on. Transcripts name speakers by role
 * (the demo clips use Technician, CSR and Customer; speech-to-text diarisation and pasted samples
 * use many spellings), so a name is read word by word: a company-side role word makes it the
 * agent, a customer-side word the customer. Anything else (a person's name, "Speaker 2") is on no
 * known side: its words count only for rules that accept anyone.
 */
const AGENT_WORDS = new Set([
  'technician',
  'tech',
  'agent',
  'csr',
  'rep',
  'representative',
  'dispatcher',
  'dispatch',
  'advisor',
  'adviser',
  'plumber',
  'electrician',
  'installer',
  'operator',
  'receptionist',
  'specialist',
  'staff',
  'employee',
  'support',
]);
const CUSTOMER_WORDS = new Set([
  'customer',
  'caller',
  'client',
  'homeowner',
  'tenant',
  'resident',
  'owner',
]);

export type SpeakerSide = 'agent' | 'customer' | null;

export function speakerSide(speaker: string): SpeakerSide {
  const words = speaker.toLowerCase().split(/[^\p{L}]+/u);
  const agent = words.some((w) => AGENT_WORDS.has(w));
  const customer = words.some((w) => CUSTOMER_WORDS.has(w));
  if (agent === customer) return null; // neither, or a name that says both
  return agent ? 'agent' : 'customer';
}

/** Whether a rule reading `wanted` words takes what a speaker on this side said. */
export function speakerFits(wanted: RuleSpeaker, side: SpeakerSide): boolean {
  return wanted === 'anyone' || side === wanted;
}
