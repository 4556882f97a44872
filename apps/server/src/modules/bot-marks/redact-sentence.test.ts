import { describe, expect, it } from 'vitest';
import { redactSentence } from './redact-sentence.js';

describe('redactSentence', () => {
  it('replaces people’s names, keeping a title readable', () => {
    expect(redactSentence('Hi, this is John Smith calling about your boiler.')).toBe(
      'Hi, this is [name] calling about your boiler.',
    );
    expect(redactSentence('Sarah booked it with Mike.')).toBe('[name] booked it with [name].');
    expect(redactSentence('Mrs. Alvarez said the valve was fine.')).toBe(
      'Mrs. [name] said the valve was fine.',
    );
  });

  it('replaces a capitalised word after Mr., Mrs., Ms. or Dr. even when it is no known name', () => {
    expect(redactSentence('Dr. Quellborn will come on Friday.')).toBe(
      'Dr. [name] will come on Friday.',
    );
    expect(redactSentence('Ask Ms Vexley Brandt about it.')).toBe('Ask Ms [name] about it.');
  });

  it('replaces numbers in figures and in words, a run of words as one', () => {
    expect(redactSentence('The unit 4418 was fine.')).toBe('The unit [number] was fine.');
    expect(redactSentence('That is $24.99 a month.')).toBe('That is $[number] a month.');
    expect(redactSentence('The code is five one two.')).toBe('The code is [number].');
    expect(redactSentence('We charge twenty nine dollars, or two hundred and fifty a year.')).toBe(
      'We charge [number] dollars, or [number] a year.',
    );
    expect(redactSentence('The one in the basement needs one two three on the keypad.')).toBe(
      'The one in the basement needs [number] on the keypad.',
    );
  });

  it('replaces e-mail addresses and phone numbers whole, written or spoken', () => {
    expect(redactSentence('Write to jane.doe42@example.com today.')).toBe(
      'Write to [email] today.',
    );
    expect(redactSentence('Call me at (555) 123-4567 or +1 555.987.6543.')).toBe(
      'Call me at [phone] or [phone].',
    );
    expect(redactSentence('My cell is five five five, one two three, four five six seven.')).toBe(
      'My cell is [phone].',
    );
  });

  it('leaves a sentence without personal details as it is', () => {
    const sentence = 'The boiler is leaking near the valve, so we should replace the seal.';
    expect(redactSentence(sentence)).toBe(sentence);
  });

  it('redacts every kind in one sentence', () => {
    expect(
      redactSentence(
        'Mr. Alvarez, your number 4418 is on file; email tom@acme.io or call 555-0199.',
      ),
    ).toBe('Mr. [name], your number [number] is on file; email [email] or call [phone].');
  });
});
