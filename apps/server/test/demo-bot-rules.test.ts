import { botInputSchema, segmentIndexAt, segmentOffsets, type BotInput } from '@fieldbot/shared';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { loadDemoClips } from '../src/lib/demo-clips';
import type { EngineBot, EngineTranscript } from '../src/providers/bot-engine';
import { createRulesEngine } from '../src/providers/bot-engine/rules/rules-engine';
import { DEMO_BOTS, DEMO_SUBSCRIBED_BOTS } from '../src/seed/demo-bots';
import { evidence, runChecked, said, tagData, transcriptOf } from './support/rules-engine-checks';

// The demo publisher's bots (seed/demo-bots.ts) run by the rules engine on the demo clips and on
// made-up transcripts; no database. The engine's own rules are tested beside it
// (src/providers/bot-engine/rules/rules-engine.test.ts).

const engine = createRulesEngine();
const clips = loadDemoClips();

const clipTranscript = (file: string) => {
  const clip = clips.find((c) => c.file.startsWith(file));
  if (!clip) throw new Error(`no demo clip ${file}`);
  return transcriptOf(clip.segments);
};
const demoBot = (name: string): EngineBot => {
  const bot = DEMO_BOTS.find((b) => b.name === name)!;
  return { name: bot.name, prompt: bot.prompt, outputTags: bot.output_tags, referenceTexts: [] };
};
const run = (bot: EngineBot, transcript: EngineTranscript) => runChecked(engine, bot, transcript);

describe('demo bots', () => {
  it('are valid builder input for the rules engine, and three are subscribed', () => {
    for (const bot of DEMO_BOTS) expect(botInputSchema.parse(bot)).toEqual(bot as BotInput);
    expect(DEMO_SUBSCRIBED_BOTS).toHaveLength(3);
    const triggers = DEMO_BOTS.filter((b) => DEMO_SUBSCRIBED_BOTS.includes(b.name)).map(
      (b) => b.trigger,
    );
    expect(triggers).toEqual(expect.arrayContaining(['recording-complete', 'call-complete']));
    expect(DEMO_BOTS.some((b) => b.trigger === 'job-complete')).toBe(true);
  });

  it('keep their names and report the tags companies read', () => {
    const labels = Object.fromEntries(
      DEMO_BOTS.map((b) => [b.name, b.output_tags.map((t) => t.label)]),
    );
    expect(labels).toMatchObject({
      'Maintenance plan offered': ['Plan offered', 'Plan declined', 'Plan price'],
      'Booking outcome': ['Booked', 'Not booked', 'Time agreed', 'Slot offered'],
      'Price quoted': ['Amounts quoted'],
      'Customer concerns': [
        'Price',
        'Timing',
        'Trust',
        'Warranty',
        'Safety',
        'Mess',
        'Noise',
        'Reliability',
      ],
    });
  });
});

describe('rules engine on the demo transcripts', () => {
  it('finds the maintenance plan the technician offered in the furnace tune-up, at its offsets', async () => {
    const transcript = clipTranscript('02-');
    const result = await run(demoBot('Maintenance plan offered'), transcript);
    const offer = 'The plan covers two visits a year and fifteen percent off repairs.';
    expect(tagData(result, 'Plan offered')).toBe(`Yes — "${offer}"`);
    const [tag] = result.responseTags.filter((t) => t.label === 'Plan offered');
    expect(transcript.text.slice(tag!.index_start, tag!.index_end)).toBe(offer);
    expect(tag).toMatchObject({
      tag_id: 0,
      match: 'exact',
      score: 1,
      matched_by: 'Family: Maintenance plan offered',
    });
    // It is the technician's segment, not the customer's question before it.
    const segment = segmentIndexAt(segmentOffsets(transcript.segments), tag!.index_start);
    expect(transcript.segments[segment]!.speaker).toBe('Technician');
    expect(result.rawResponse.split('\n')).toEqual([
      `Plan offered: Yes — "${offer}"`,
      'Plan declined: Not found',
      'Plan price: Not found',
    ]);
  });

  it('finds no plan offer in a visit without one', async () => {
    const result = await run(demoBot('Maintenance plan offered'), clipTranscript('01-'));
    expect(result.outputTags.map((t) => t.data)).toEqual([null, null, null]);
    expect(result.responseTags).toEqual([]);
  });

  it('reads the booked call as Booked, with the time agreed and the slot offered', async () => {
    const result = await run(demoBot('Booking outcome'), clipTranscript('04-'));
    expect(tagData(result, 'Booked')).toBe('Yes — "You\'re booked for tomorrow at eight."');
    expect(tagData(result, 'Not booked')).toBeNull();
    expect(tagData(result, 'Time agreed')).toBe('tomorrow at eight');
    expect(evidence(result, 'Slot offered')).toEqual([
      'I have a technician available tomorrow between eight and ten in the morning.',
    ]);
  });

  it('reads the emergency dispatch as Booked and the price check and cancellation as not booked', async () => {
    const dispatch = await run(demoBot('Booking outcome'), clipTranscript('09-'));
    expect(evidence(dispatch, 'Booked')).toEqual([
      'I am sending our on-call plumber now.',
      'He should arrive within the hour.',
    ]);
    expect(tagData(dispatch, 'Time agreed')).toBe('within the hour');
    expect(tagData(dispatch, 'Not booked')).toBeNull();

    const priceCheck = await run(demoBot('Booking outcome'), clipTranscript('05-'));
    expect(tagData(priceCheck, 'Booked')).toBeNull();
    expect(evidence(priceCheck, 'Not booked')).toEqual([
      'I am just calling around for prices on a new central air system.',
      "Not yet, I'm still comparing quotes.",
      "I'll call back next week.",
    ]);

    const cancelled = await run(demoBot('Booking outcome'), clipTranscript('10-'));
    expect(tagData(cancelled, 'Booked')).toBeNull();
    expect(evidence(cancelled, 'Not booked')[0]).toBe(
      "Hi, I need to cancel tomorrow's appointment.",
    );
  });

  it('lists the amounts the technicians said, spoken as words, highlighting just the amount', async () => {
    const cases = [
      ['01-', '$185', ['one hundred eighty five dollars']],
      ['06-', '$1,600, $3,200', ['one thousand six hundred dollars', 'three thousand two hundred']],
      ['07-', '$120', ['one hundred twenty dollar']],
      ['03-', null, []],
    ] as const;
    for (const [file, amounts, spans] of cases) {
      const result = await run(demoBot('Price quoted'), clipTranscript(file));
      expect(tagData(result, 'Amounts quoted')).toBe(amounts);
      expect(evidence(result, 'Amounts quoted')).toEqual(spans);
    }
  });

  it('collects the caller’s concerns in their own words', async () => {
    const result = await run(demoBot('Customer concerns'), clipTranscript('04-'));
    const heat =
      'Hi, my upstairs air conditioning stopped working and it is ninety degrees up there.';
    expect(evidence(result, 'Timing')).toEqual([heat]);
    expect(evidence(result, 'Reliability')).toEqual([heat]);
    expect(tagData(result, 'Price')).toBeNull();
    const shopper = await run(demoBot('Customer concerns'), clipTranscript('05-'));
    expect(evidence(shopper, 'Price')).toEqual([
      'I am just calling around for prices on a new central air system.',
    ]);
  });

  it('reviews a customer’s conversations together for the job-complete bot', async () => {
    const segments = ['01-', '04-'].flatMap((f) => clipTranscript(f).segments);
    const result = await run(demoBot('Job revenue review'), transcriptOf(segments));
    expect(tagData(result, 'Amounts discussed')).toBe('$185, $89');
    expect(evidence(result, 'Upsell offered')).toEqual([
      "I'd also recommend a new filter, this one is pretty dirty.",
    ]);
  });

  it('is deterministic', async () => {
    const transcript = clipTranscript('04-');
    const first = await engine.run(demoBot('Booking outcome'), transcript);
    expect(await engine.run(demoBot('Booking outcome'), transcript)).toEqual(first);
  });
});

describe('demo bots on made-up transcripts', () => {
  it('puts every evidence span inside the transcript, on exactly its text (any transcript)', async () => {
    const words = ['plan', 'price', 'booked', '$1,250', 'not', 'Thursday', 'club', 'uh,', '—', 'é'];
    const line = fc
      .array(fc.oneof(fc.constantFrom(...words), fc.string({ maxLength: 8 })), { maxLength: 14 })
      .map((w) => w.join(' '));
    const bot = demoBot('Maintenance plan offered');
    const prices = demoBot('Price quoted');
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.tuple(fc.constantFrom('Technician', 'Customer', 'CSR'), line), {
          minLength: 1,
          maxLength: 6,
        }),
        async (lines) => {
          const transcript = said(...lines);
          for (const b of [bot, prices]) {
            const result = await engine.run(b, transcript);
            for (const tag of result.responseTags) {
              expect(tag.index_start).toBeGreaterThanOrEqual(0);
              expect(tag.index_end).toBeLessThanOrEqual(transcript.text.length);
              expect(transcript.text.slice(tag.index_start, tag.index_end)).toBe(tag.text);
            }
          }
        },
      ),
      { numRuns: 150 },
    );
  });
});
