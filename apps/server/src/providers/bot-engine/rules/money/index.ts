export { findAmounts, type FindAmountsOptions, type FoundAmount } from './find-amounts.js';
export { hasPriceWords } from './price-words.js';
export { DIGIT_WORDS, NUMBER_WORDS } from './number-words.js';
