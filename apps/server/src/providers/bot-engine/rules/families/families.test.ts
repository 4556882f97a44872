import { joinSegments, type RuleFamily } from '@fieldbot/shared';
import { describe, expect, it } from 'vitest';
import { transcriptSentences } from '../transcript-sentences.js';
import { matchFamily } from './index.js';

/** Whether the family counts in a one-sentence turn, with negation on. */
const says = (family: RuleFamily, text: string) => {
  const segments = [{ start: 0, end: 5, speaker: 'Speaker', text }];
  const [sentence] = transcriptSentences({ text: joinSegments(segments), segments });
  return matchFamily(family, sentence!, true) !== null;
};

// Each family: ways people say it, and near misses that must not count.
const TABLE: Record<RuleFamily, { yes: string[]; no: string[] }> = {
  'maintenance-plan': {
    yes: [
      'We have our Blue Ribbon membership, two tune-ups a year.',
      'And we’ve got the HomeShield agreement if you want it.',
      'Have you thought about becoming a member?',
      'We do a program where we come out twice a year and you get fifteen percent off repairs.',
      'I can sign you up for the Comfort Club today.',
      'The service contract covers parts and labor.',
    ],
    no: [
      "Since you're a member already, I'll knock off fifteen percent.",
      'We can do a payment plan, zero percent for twelve months.',
      'I plan to be back Tuesday with the part.',
      'The plan is to swap the capacitor first.',
      'Your membership covers the trip charge today.',
    ],
  },
  'booking-confirmed': {
    yes: [
      "We've locked in Thursday for you.",
      "We've got you down for Monday.",
      'Our guy can swing by after lunch.',
      "I'll pencil you in for the eighth.",
      "You're all set for Wednesday between one and three.",
      'I am sending our on-call plumber now.',
    ],
    no: [
      "We're booked solid today, I'm sorry.",
      'When would you like to book?',
      'Do you want me to book that for you?',
      'There is a booking fee of twenty dollars.',
      'I can put you on the cancellation list.',
    ],
  },
  'declined-deferred': {
    yes: [
      'Let me get back to you.',
      "We're getting other quotes.",
      'I need to run it by my wife.',
      "No, I'm not interested in the plan.",
      "We'll think about the membership.",
    ],
    no: ['Sounds great, book it.', 'Yes, please go ahead with the repair.'],
  },
  'slot-offered': {
    yes: [
      "I've got Tuesday eight to noon or Wednesday afternoon.",
      'How about Thursday morning?',
      'The earliest I have is tomorrow at nine.',
    ],
    no: ['What day works best for you?', "We're booked solid, no openings this week."],
  },
  'work-approved': {
    yes: ["Let's do it.", 'Go ahead and fix it.', 'Sign me up.'],
    no: ['I need to think about it.'],
  },
  'concern-price': {
    yes: [
      "I can't swing that right now.",
      "That's more than I hoped to spend.",
      'Is there a cheaper option?',
      "What's the trip charge going to be?",
    ],
    no: ['Price is not a problem.', 'Thank you so much!', 'The kitchen is upstairs.'],
  },
  'concern-timing': {
    yes: [
      'We have guests coming Friday.',
      "It's ninety-five degrees in here and I have a newborn.",
      'I work until six, so it has to be after that.',
      'Can someone come out today?',
    ],
    no: ['No rush at all.', 'I unplugged it this morning.'],
  },
  'concern-trust': {
    yes: [
      'The last company left us with a bigger problem.',
      'Are your guys licensed?',
      'My neighbor had a bad experience with another outfit.',
    ],
    no: ['The dealer said it needs a certified installer.', 'To be honest, it works fine.'],
  },
  'concern-warranty': {
    yes: ['Is that covered under warranty?', 'What if it breaks again next month?'],
    no: ['The kitchen is being remodeled.'],
  },
  'concern-safety': {
    yes: ['I smell gas near the stove.', 'The outlet sparked when I plugged in the toaster.'],
    no: ['No smoke or anything like that.', "I don't smell gas at all."],
  },
  'concern-mess': {
    yes: ['The last company left a mess.', 'Will they put down drop cloths?'],
    no: ['Everything looks fine in the basement.'],
  },
  'concern-noise': {
    yes: ["It's making a banging noise.", 'The fan is screeching at night.'],
    no: ["It's not noisy at all, it just doesn't heat.", 'Oh, for crying out loud.'],
  },
  'concern-reliability': {
    yes: [
      "It's the third time this year.",
      'The unit is twenty years old.',
      'The AC just died on us.',
      "The furnace isn't heating.",
    ],
    no: ["No, it's not leaking.", 'We bought a new couch.'],
  },
};

describe('phrase families', () => {
  for (const [family, { yes, no }] of Object.entries(TABLE) as [
    RuleFamily,
    (typeof TABLE)[RuleFamily],
  ][]) {
    it.each(yes)(`${family} counts: %s`, (text) => expect(says(family, text)).toBe(true));
    it.each(no)(`${family} does not count: %s`, (text) => expect(says(family, text)).toBe(false));
  }
});
