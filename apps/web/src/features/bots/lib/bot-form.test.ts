import { describe, expect, it } from 'vitest';
import { makeBotDetail } from '../test/fixtures';
import { botFormInitialValues, linkAfterRemoval, tagName, toBotInput } from './bot-form';

describe('bot form values', () => {
  it('gives a rule saved before families every optional field, and sends them back', () => {
    const values = botFormInitialValues(makeBotDetail());
    expect(values.output_tags[0]!.rule).toEqual({
      phrases: ['maintenance plan'],
      speaker: 'agent',
      extractors: ['money'],
      families: [],
      examples: { match: [], ignore: [] },
      negation: true,
      after_tag: null,
      unless_tag: null,
    });
    expect(toBotInput(values).output_tags[0]!.rule).toEqual(values.output_tags[0]!.rule);
    expect(botFormInitialValues().output_tags[0]!.rule.negation).toBe(true);
  });

  it('keeps a rule’s saved choices over the defaults', () => {
    const bot = makeBotDetail();
    bot.output_tags[0]!.rule = {
      phrases: [],
      speaker: 'customer',
      extractors: [],
      families: ['concern-price'],
      negation: false,
    };
    expect(botFormInitialValues(bot).output_tags[0]!.rule).toMatchObject({
      families: ['concern-price'],
      negation: false,
      examples: { match: [], ignore: [] },
    });
  });

  it('moves links past a removed tag up with their tag and clears links to it', () => {
    expect([null, 0, 1, 2, 3].map((link) => linkAfterRemoval(link, 2))).toEqual([
      null,
      0,
      1,
      null,
      2,
    ]);
  });

  it('names a tag by its label, or its number while it has none', () => {
    expect(tagName({ label: ' Booked ' }, 1)).toBe('Booked');
    expect(tagName({ label: '  ' }, 3)).toBe('Tag 3');
  });
});
