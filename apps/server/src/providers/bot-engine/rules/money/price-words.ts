const anyOf = (...parts: string[]) => new RegExp(String.raw`\b(?:${parts.join('|')})\b`, 'i');

/**
 * Words that make a sentence about price, so a bare spoken number in it ("three forty-nine") reads
 * as an amount. Callers also use it on the turn before ("how much would that run?").
 */
const PRICE_WORDS = anyOf(
  String.raw`cost(?:s|ing)?|price[sd]?|pricing|charge[sd]?|fees?|total(?:s|ing)?|quote[sd]?|estimate[sd]?`,
  String.raw`pay(?:s|ing|ment|ments)?|paid|deductible|deposit|afford|expensive|cheap(?:er|est)?|discount(?:ed)?`,
  String.raw`financ(?:e|ing)|tax|taxes|labou?r|rebate|invoice[sd]?|billed|how much|out the door|ballpark|includ(?:e[sd]?|ing)`,
  String.raw`what are we talking|what's the damage|what do i owe|what would (?:that|it) (?:be|run)`,
  String.raw`run(?:s)? (?:you|ya|about|around)|(?:that|it|this)(?:'d| would|'ll| will| is going to| is gonna|'s going to|'s gonna) (?:be|run|cost|come to)`,
  String.raw`comes? (?:to|out to|in at|off)|came (?:to|out to|in at)|(?:you're|you are|we're|we are) looking at`,
  String.raw`for (?:the )?(?:parts?|repair|visit|trip|install(?:ation)?|job|whole thing|replacement|tune-?up)`,
  String.raw`do (?:it|that|this|both|everything|the whole thing) for|for (?:everything|both|all of it)`,
  String.raw`diagnostic|service call|trip (?:charge|fee)|dispatch fee|installed|special`,
  String.raw`parts? only|labou?r only|plus|minus|on top|all[- ]in|sav(?:e|es|ing|ings)|percent off|per (?:month|year|visit|hour)`,
  String.raw`knock(?:ed|ing)? off|takes? (?:\S+ ){1,4}off|puts you at|brings (?:it|you|that|the total)(?: down| up)? to`,
);

/** Whether the text itself talks about price ("that'd be…", "the diagnostic fee is…", "plus tax"). */
export function hasPriceWords(text: string): boolean {
  return PRICE_WORDS.test(text.includes('’') ? text.replace(/’/g, "'") : text);
}

// Equipment and jobs priced in thousands, and charges priced in tens: they decide how "X Y" price
// speak with X ≥ 10 reads ("twenty-four ninety-nine" for a furnace vs. for the service call).
const THOUSANDS_ITEMS = anyOf(
  String.raw`systems?|units?|install(?:ed|ing|ation)?|replace(?:d|ment)?|replacing|furnace|water heater|heat pump`,
  String.raw`condenser|compressor|air handler|boiler|panel|re-?pipe|rewire|generator|tankless|mini-?split`,
  String.raw`duct(?:s|work)?|a/?c|air condition(?:er|ing)|equipment|repair|whole (?:job|thing|house)`,
);
const TENS_ITEMS = anyOf(
  String.raw`service call|diagnostic|trip (?:charge|fee)|dispatch|call-out|tune-?up|filters?|special|coupon|fee`,
  String.raw`cleaning|inspection|flush`,
);

/**
 * The size of the item named nearest to text[start, end): 'thousands' (a system, an install, a
 * repair), 'tens' (a service call, a filter, a fee) or null when the text names neither.
 */
export function itemSizeNear(
  text: string,
  start: number,
  end: number,
): 'thousands' | 'tens' | null {
  let best: 'thousands' | 'tens' | null = null;
  let bestDistance = Infinity;
  for (const [size, words] of [
    ['thousands', THOUSANDS_ITEMS],
    ['tens', TENS_ITEMS],
  ] as const) {
    for (const match of text.matchAll(new RegExp(words.source, 'gi'))) {
      const distance =
        match.index >= end ? match.index - end : Math.max(0, start - match.index - match[0].length);
      if (distance < bestDistance) {
        best = size;
        bestDistance = distance;
      }
    }
  }
  return best;
}
