/** Regex sources for days and times as people say them, shared by the families and extractors. */

const DAY = '(?:mon|tues?|wed(?:nes)?|thu(?:rs?)?|fri|sat(?:ur)?|sun)(?:day)?s?';
const NUMBER_WORD =
  '(?:one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|noon|midnight)';
const CLOCK = `(?:\\d{1,2}(?::\\d{2})?|${NUMBER_WORD}(?:[\\s-](?:thirty|fifteen|forty-five|o'clock))?)`;
const MERIDIEM = '(?:a\\.?m\\.?|p\\.?m\\.?|in the (?:morning|afternoon|evening))';
const ORDINAL =
  '(?:\\d{1,2}(?:st|nd|rd|th)|first|second|third|fourth|fifth|sixth|seventh|eighth|ninth|tenth|eleventh|twelfth|thirteenth|fourteenth|fifteenth|sixteenth|seventeenth|eighteenth|nineteenth|twentieth|twenty-\\w+|thirtieth|thirty-first)';
const MONTH =
  '(?:jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sep(?:t(?:ember)?)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)';

/** One day, date, time or window expression, as a source without anchors. */
export const TIME_EXPRESSION = [
  `(?:this|next|on|coming) ${DAY}`,
  `${DAY}(?: (?:morning|afternoon|evening|night))?`,
  `(?:today|tomorrow|tonight|this (?:morning|afternoon|evening|weekend)|next week|the weekend)`,
  `(?:${MONTH} (?:the )?${ORDINAL}|the ${ORDINAL}(?: of ${MONTH})?)`,
  `(?:between|from) ${CLOCK}(?: ${MERIDIEM})? (?:and|to|till|until|-) ${CLOCK}(?: ${MERIDIEM})?`,
  `${CLOCK} (?:to|-|till) ${CLOCK}(?: ${MERIDIEM})?`,
  `(?:at|around|by|after|before) ${CLOCK}(?:\\s?${MERIDIEM})?`,
  `\\d{1,2}(?::\\d{2})?\\s?${MERIDIEM}`,
  `(?:after lunch|first thing(?: in the morning)?|(?:in the|late|early) (?:morning|afternoon|evening)|end of the day|noon|lunchtime)`,
  `(?:about |around |within |figure )?(?:\\d+|an?|one|two|\\w+ty(?:-\\w+)?|fifteen|ten)(?:,? \\w+ty(?:-\\w+)?)? (?:minutes|hours?)(?: (?:out|away))?|within the hour|in (?:about |around )?(?:an hour|half an hour|\\w+ minutes)`,
]
  .map((s) => s.replace(/ /g, '[\\s,]+'))
  .join('|');

/** Whole-word, case-insensitive, global (read with matchAll): every day or time said in a text. */
export const TIME_EXPRESSIONS = new RegExp(`(?<![\\w'])(?:${TIME_EXPRESSION})(?![\\w'])`, 'gi');

export const HAS_TIME = new RegExp(`(?<![\\w'])(?:${TIME_EXPRESSION})(?![\\w'])`, 'i');
