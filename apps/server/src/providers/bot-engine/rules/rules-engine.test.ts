import type { BotRule } from '@fieldbot/shared';
import { describe, expect, it } from 'vitest';
import type { EngineBot, EngineTranscript } from '../bot-engine.js';
import { createRulesEngine } from './rules-engine.js';
import { speakerSide } from './speaker-side.js';
import {
  evidence,
  runChecked,
  said,
  tagData,
} from '../../../../test/support/rules-engine-checks.js';

const engine = createRulesEngine();

const ruleBot = (rule: BotRule, referenceTexts: EngineBot['referenceTexts'] = []): EngineBot => ({
  name: 'Test',
  prompt: '',
  outputTags: [{ index: 0, label: 'Finding', description: 'What the rule found.', rule }],
  referenceTexts,
});
const run = (bot: EngineBot, transcript: EngineTranscript) => runChecked(engine, bot, transcript);

describe('rules engine on made-up transcripts', () => {
  it('matches word forms of a phrase, with a few words between', async () => {
    const result = await run(
      ruleBot({ phrases: ['offer maintenance plan'], speaker: 'anyone', extractors: [] }),
      said(
        ['Technician', 'We offered them our annual maintenance plans last spring.'],
        ['Technician', 'The maintenance is done; I can offer a discount.'],
      ),
    );
    expect(result.outputTags[0]!.data).toBe(
      'Yes — "We offered them our annual maintenance plans last spring."',
    );
    expect(result.responseTags).toHaveLength(1);
    expect(result.responseTags[0]!.matched_by).toBe('Phrase: offer maintenance plan');
  });

  it('takes only the rule’s speaker side; unknown speakers count only for anyone', async () => {
    const transcript = said(
      ['Customer', 'Can you give me a quote on the repair?'],
      ['Agent', 'The repair quote is ready.'],
      ['Speaker 2', 'That quote looks high to me.'],
    );
    const phrases = ['quote'];
    const agent = await run(ruleBot({ phrases, speaker: 'agent', extractors: [] }), transcript);
    expect(evidence(agent, 'Finding')).toEqual(['The repair quote is ready.']);
    const customer = await run(
      ruleBot({ phrases, speaker: 'customer', extractors: [] }),
      transcript,
    );
    expect(evidence(customer, 'Finding')).toEqual(['Can you give me a quote on the repair?']);
    const anyone = await run(ruleBot({ phrases, speaker: 'anyone', extractors: [] }), transcript);
    expect(evidence(anyone, 'Finding')).toHaveLength(3);
    expect(anyone.outputTags[0]!.data).toBe(
      'Yes — "Can you give me a quote on the repair?" (+2 more)',
    );
  });

  it('maps speaker names to sides', () => {
    expect(['Technician', 'CSR', 'Agent', 'Service Tech 2', 'dispatcher'].map(speakerSide)).toEqual(
      ['agent', 'agent', 'agent', 'agent', 'agent'],
    );
    expect(['Customer', 'Caller', 'homeowner'].map(speakerSide)).toEqual([
      'customer',
      'customer',
      'customer',
    ]);
    expect(['Speaker', 'Maria', 'Speaker 1', 'Customer Agent'].map(speakerSide)).toEqual([
      null,
      null,
      null,
      null,
    ]);
  });

  it('does not count a phrase said in a negated clause, unless negation is turned off', async () => {
    const transcript = said(
      ['Customer', "No, I'm not worried about the price, but the noise drives me crazy."],
      ['Customer', 'The price is what worries me.'],
    );
    const on = await run(
      ruleBot({ phrases: ['price'], speaker: 'customer', extractors: [] }),
      transcript,
    );
    expect(evidence(on, 'Finding')).toEqual(['The price is what worries me.']);
    const noise = await run(
      ruleBot({ phrases: ['noise'], speaker: 'customer', extractors: [] }),
      transcript,
    );
    // The negation of the first clause does not reach the clause after "but".
    expect(evidence(noise, 'Finding')).toHaveLength(1);
    const off = await run(
      ruleBot({ phrases: ['price'], speaker: 'customer', extractors: [], negation: false }),
      transcript,
    );
    expect(evidence(off, 'Finding')).toHaveLength(2);
  });

  it('extracts money written or spoken with its qualifier, and checks it against a reference price list', async () => {
    const transcript = said([
      'Technician',
      'The tune-up is $129.50, the capacitor costs two hundred dollars, and the club is $15 a month.',
    ]);
    const rule: BotRule = { phrases: ['cost', 'tune-up'], speaker: 'agent', extractors: ['money'] };
    const plain = await run(ruleBot(rule), transcript);
    expect(plain.outputTags[0]!.data).toBe('$129.50, $200, $15 per month');
    expect(plain.outputTags[0]!.amounts).toEqual([
      { cents: 12950, per: null },
      { cents: 20000, per: null },
      { cents: 1500, per: 'month' },
    ]);
    expect(evidence(plain, 'Finding')).toEqual(['$129.50', 'two hundred dollars', '$15 a month']);
    const checked = await run(
      ruleBot(rule, [{ file_id: 'f1', name: 'prices.txt', text: 'Tune-up: $129.50\nClub: $15' }]),
      transcript,
    );
    expect(checked.outputTags[0]!.data).toBe(
      '$129.50, $200 (not in the reference files), $15 per month',
    );
    const none = await run(ruleBot(rule), said(['Technician', 'The cost depends on the part.']));
    expect(none.outputTags[0]!.data).toBeNull();
    expect(none.responseTags).toEqual([]);
  });

  it('extracts dates and times, parts said together as one, and the time a reply agrees to', async () => {
    const result = await run(
      ruleBot({ phrases: ['come'], speaker: 'agent', extractors: ['datetime'] }),
      said(
        ['CSR', 'We can come on Friday March 3rd at 2pm.'],
        ['Customer', 'Could you come next Tuesday instead?'],
        ['CSR', 'Sure, we will come out then.'],
      ),
    );
    // "Sure, we will come out then." names no time: the one just asked for is its time.
    expect(result.outputTags[0]!.data).toBe('on Friday March 3rd at 2pm, next Tuesday');
    expect(evidence(result, 'Finding')).toEqual([
      'We can come on Friday March 3rd at 2pm.',
      'Sure, we will come out then.',
    ]);
  });

  it('extracts 10-digit phone numbers', async () => {
    const result = await run(
      ruleBot({ phrases: ['call', 'number'], speaker: 'customer', extractors: ['phone'] }),
      said(
        ['Customer', 'My number is 512-555-0199, or call my wife at (512) 555 0142.'],
        ['Customer', 'Call the office at 555-0100.'],
      ),
    );
    expect(result.outputTags[0]!.data).toBe('(512) 555-0199, (512) 555-0142');
    expect(result.responseTags).toHaveLength(1);
  });

  it('reads yes/no questions and their answers', async () => {
    const result = await run(
      ruleBot({ phrases: ['plan', 'warranty'], speaker: 'agent', extractors: ['yes-no'] }),
      said(
        ['Technician', 'Would you like to join our maintenance plan?'],
        ['Customer', 'Yes, sign me up.'],
        ['Technician', 'What plan did you have before?'],
        ['Customer', 'None.'],
        ['Technician', 'Do you want the extended warranty?'],
        ['Customer', 'No thanks.'],
      ),
    );
    expect(result.outputTags[0]!.data).toBe(
      '"Would you like to join our maintenance plan?" — Yes, "Do you want the extended warranty?" — No',
    );
    expect(evidence(result, 'Finding')).toEqual([
      'Would you like to join our maintenance plan?',
      'Yes, sign me up.',
      'Do you want the extended warranty?',
      'No thanks.',
    ]);
  });

  it('reads a reply to an earlier tag only in the turns after it, and a tag only when another found nothing', async () => {
    const bot: EngineBot = {
      name: 'Linked tags',
      prompt: '',
      referenceTexts: [],
      outputTags: [
        {
          index: 0,
          label: 'Offered',
          description: '',
          rule: { phrases: [], families: ['maintenance-plan'], speaker: 'agent', extractors: [] },
        },
        {
          index: 1,
          label: 'Declined',
          description: '',
          rule: {
            phrases: [],
            families: ['declined-deferred'],
            speaker: 'customer',
            extractors: [],
            after_tag: 0,
          },
        },
        {
          index: 2,
          label: 'No offer',
          description: '',
          rule: { phrases: ['thank'], speaker: 'anyone', extractors: [], unless_tag: 0 },
        },
      ],
    };
    const declined = await run(
      bot,
      said(
        ['Customer', "I'll have to think about it."],
        ['Technician', 'We also have our Comfort Club, two tune-ups a year.'],
        ['Customer', "No thanks, I'll pass on the club."],
        ['Customer', 'Thank you.'],
      ),
    );
    // The first "think about it" comes before any offer: it is not a reply to one.
    expect(evidence(declined, 'Declined')).toEqual(["No thanks, I'll pass on the club."]);
    expect(tagData(declined, 'No offer')).toBeNull();
    const none = await run(bot, said(['Customer', 'Thank you.']));
    expect(tagData(none, 'No offer')).toBe('Yes — "Thank you."');
  });

  it('gives every tag of the bot an output tag, in index order, and a line of raw response', async () => {
    const bot: EngineBot = {
      name: 'Two tags',
      prompt: '',
      referenceTexts: [],
      outputTags: [
        {
          index: 3,
          label: 'Later',
          description: 'b',
          rule: { phrases: ['nothing like this'], speaker: 'anyone', extractors: [] },
        },
        {
          index: 1,
          label: 'Earlier',
          description: 'a',
          rule: { phrases: ['hello'], speaker: 'anyone', extractors: [] },
        },
      ],
    };
    const result = await run(bot, said(['Customer', 'Hello there.']));
    expect(result.outputTags).toEqual([
      { id: 1, label: 'Earlier', data: 'Yes — "Hello there."', description: 'a' },
      { id: 3, label: 'Later', data: null, description: 'b' },
    ]);
    expect(result.rawResponse).toBe('Earlier: Yes — "Hello there."\nLater: Not found');
    expect(result.responseTags).toEqual([
      {
        tag_id: 1,
        label: 'Earlier',
        index_start: 0,
        index_end: 12,
        text: 'Hello there.',
        match: 'exact',
        score: 1,
        matched_by: 'Phrase: hello',
      },
    ]);
  });

  it('keeps exact offsets with unusual characters and several sentences per segment', async () => {
    const transcript = said(
      ['Customer', 'Café au lait 😀 first.  Then a  second sentence about the plan!'],
      ['Technician', 'Our “Comfort Club” plan — it covers two visits.'],
    );
    const result = await run(
      ruleBot({ phrases: ['plan'], speaker: 'anyone', extractors: [] }),
      transcript,
    );
    expect(evidence(result, 'Finding')).toEqual([
      'Then a  second sentence about the plan!',
      'Our “Comfort Club” plan — it covers two visits.',
    ]);
  });
});
