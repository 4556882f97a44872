import { clean, pii, withOptions, type RedactionCase } from './redaction-case.js';

/**
 * The held-out part of the redaction set: written before the redactor was tuned and never read
 * while tuning it. Only its scores are looked at (npm run eval:redaction).
 */
export const HELD_OUT_CASES: readonly RedactionCase[] = [
  // ── Cards, written ─────────────────────────────────────────────────────────
  pii('Yeah go ahead, the card is 4111 1111 1111 1111.', ['card', '4111 1111 1111 1111']),
  pii('It is a Mastercard, 5555-5555-5555-4444, expires in June.', ['card', '5555-5555-5555-4444']),
  pii('Amex, three seven eight two, eight two two four six, three one oh oh oh five.', [
    'card',
    'three seven eight two, eight two two four six, three one oh oh oh five',
  ]),
  pii('Put it on 6011000990139424 please, the Discover.', ['card', '6011000990139424']),
  pii('Card number 4012 8888 8888 1881 and the code on the back is 123.', [
    'card',
    '4012 8888 8888 1881',
  ]),
  pii('ok so 5105.1051.0510.5100, that one works', ['card', '5105.1051.0510.5100']),
  pii('The Amex is 3714 496353 98431.', ['card', '3714 496353 98431']),
  pii('Customer: uh, 2223 0031 2200 3222 is the Mastercard', ['card', '2223 0031 2200 3222']),
  // ── Cards, spoken ──────────────────────────────────────────────────────────
  pii(
    'My card number is four two four two, four two four two, four two four two, four two four two.',
    ['card', 'four two four two, four two four two, four two four two, four two four two'],
  ),
  pii(
    'Sure, it is forty two forty two, forty two forty two, forty two forty two, forty two forty two.',
    ['card', 'forty two forty two, forty two forty two, forty two forty two, forty two forty two'],
  ),
  pii('Visa, four one one one, double one double one, one one one one, one one one one.', [
    'card',
    'four one one one, double one double one, one one one one, one one one one',
  ]),
  pii('Discover card, six oh one one, one one one one, one one one one, one one one seven.', [
    'card',
    'six oh one one, one one one one, one one one one, one one one seven',
  ]),
  pii('Um it is 5555 5555 five five five five four four four four.', [
    'card',
    '5555 5555 five five five five four four four four',
  ]),
  pii(
    'OK the number is four zero one two, eight eight eight eight, eight eight eight eight, one eight eight one, expiration oh four twenty seven.',
    [
      'card',
      'four zero one two, eight eight eight eight, eight eight eight eight, one eight eight one',
    ],
  ),
  pii('Card is six zero one one triple one one one one one one one one one seven.', [
    'card',
    'six zero one one triple one one one one one one one one one seven',
  ]),
  pii('it is fifty one oh five, ten fifty one, oh five ten, fifty one hundred.', [
    'card',
    'fifty one oh five, ten fifty one, oh five ten, fifty one hundred',
  ]),
  pii('Customer: My Visa... 4242-4242-4242 uh 4242.', ['card', '4242-4242-4242 uh 4242']),
  pii('three five three oh, one one one three, three three three oh, oh oh oh oh', [
    'card',
    'three five three oh, one one one three, three three three oh, oh oh oh oh',
  ]),
  // ── SSNs ───────────────────────────────────────────────────────────────────
  pii('For the financing application my social is 123-45-6789.', ['ssn', '123-45-6789']),
  pii('SSN, two one nine, oh nine, nine nine nine nine.', [
    'ssn',
    'two one nine, oh nine, nine nine nine nine',
  ]),
  pii('Social security number 078 05 1120.', ['ssn', '078 05 1120']),
  pii(
    'The last part of the credit app wants your social. Sure, five two four, one two, three four five six.',
    ['ssn', 'five two four, one two, three four five six'],
  ),
  pii('My social is 345678912', ['ssn', '345678912']),
  pii('his social security is four four four, five five, six six six seven', [
    'ssn',
    'four four four, five five, six six six seven',
  ]),
  clean('The form said 000-12-3456 which is not a real social.'),
  clean('Social on file shows 666-45-1234, that is invalid anyway.'),
  clean('Code 912-34-5678 on the sticker.'),
  clean('He read off 123-00-4567 from the tag.'),
  // ── Routing and account numbers ────────────────────────────────────────────
  pii(
    'For autopay, routing number 021000021 and the account number is 1234567890.',
    ['routing', '021000021'],
    ['bank_account', '1234567890'],
  ),
  pii(
    'The routing is oh two six, oh oh nine, five nine three, and checking account is four four five five six six seven seven.',
    ['routing', 'oh two six, oh oh nine, five nine three'],
    ['bank_account', 'four four five five six six seven seven'],
  ),
  pii('ABA 121000358.', ['routing', '121000358']),
  pii('Savings account 000123456789, same bank.', ['bank_account', '000123456789']),
  pii('Transit number is 322271627', ['routing', '322271627']),
  pii('Account number: 9876 5432 10.', ['bank_account', '9876 5432 10']),
  clean('The routing on the ductwork goes 120 feet to the attic.'),
  clean('Your account balance is 1249 dollars.'),
  clean('Customer account number 48213 in our system.'),
  clean('We checked the savings on the new unit, about 300 a year.'),
  // ── Emails and phones when enabled ─────────────────────────────────────────
  withOptions(
    { emails: true },
    pii('Send the estimate to jsmith@gmail.com please.', ['email', 'jsmith@gmail.com']),
  ),
  withOptions(
    { emails: true },
    pii('Email is mary dot ellen at outlook dot com.', [
      'email',
      'mary dot ellen at outlook dot com',
    ]),
  ),
  withOptions(
    { emails: true },
    pii('its bob underscore plumbing at yahoo dot com', [
      'email',
      'bob underscore plumbing at yahoo dot com',
    ]),
  ),
  withOptions({ phones: true }, pii('Best number is 214-555-0199.', ['phone', '214-555-0199'])),
  withOptions(
    { phones: true },
    pii('Call me back at (972) 555-0143 after five.', ['phone', '(972) 555-0143']),
  ),
  withOptions(
    { phones: true },
    pii('my cell is four six nine, five five five, oh one two three', [
      'phone',
      'four six nine, five five five, oh one two three',
    ]),
  ),
  withOptions(
    { phones: true },
    pii('you can text 817.555.0177 when you are on the way', ['phone', '817.555.0177']),
  ),
  withOptions(
    { phones: true, emails: true },
    pii(
      'Reach me at 1-800-555-0100 or at service@polarair.com.',
      ['phone', '1-800-555-0100'],
      ['email', 'service@polarair.com'],
    ),
  ),
  withOptions({ phones: true }, clean('Your job number is 2145550199.')),
  withOptions({ phones: true }, clean('It is a three ton unit, 36000 BTU, 16 SEER.')),
  withOptions({ emails: true }, clean('We will be at the house at ten dot com or not.')),
  withOptions({ emails: true }, clean('Meet me at the office.')),
  // ── Emails and phones when disabled ────────────────────────────────────────
  clean('Send the estimate to jsmith@gmail.com please.'),
  clean('Best number is 214-555-0199.'),
  clean('my cell is four six nine, five five five, oh one two three'),
  clean('Email is mary dot ellen at outlook dot com.'),
  // ── Near misses: job, invoice, model, serial numbers ───────────────────────
  clean('Your job number is 4823019475, keep that handy.'),
  clean('Job number four eight two three oh one nine four seven five.'),
  clean('Invoice 2024-00381 was paid last week.'),
  clean('The condenser is a Carrier 24ACC636A003.'),
  clean('Serial number 1819E12345 on the furnace.'),
  clean('Model Trane XR14, serial 22314KN5F.'),
  clean('Work order 7732114 is closed out.'),
  clean('The part number is 0130F00005P for the igniter.'),
  clean('Ticket number 1234567812345678 in the dispatch system.'),
  clean('Confirmation number is 9 8 7 6 5 4 3 2 1 0.'),
  clean('The Rheem serial is M041512345.'),
  clean('PO number 4500012345 for the builder.'),
  // ── Near misses: prices, dates, times, sizes ───────────────────────────────
  clean('The new unit is one thousand two hundred forty nine dollars installed.'),
  clean('That repair is $1,249.99 plus tax.'),
  clean('We can come on March 14, 2025 between 8 and 10.'),
  clean('Tech will be there at 10:30 on 03/14/2025.'),
  clean('The water heater is forty gallons, installed in 2009.'),
  clean('It is a 3.5 ton system with a 60000 BTU furnace.'),
  clean('Eighteen SEER, two stage, variable speed.'),
  clean('The address is 4521 North Oak Street, Dallas 75201.'),
  clean('ZIP is 75201-4412.'),
  clean('Four thousand five hundred for the whole system, or ninety nine a month.'),
  clean('The gas line is three quarter inch, about twenty two feet.'),
  clean('Tune-up is eighty nine ninety five.'),
  clean('We have had it since nineteen ninety eight.'),
  clean('Pressure was 120 psi on the high side and 68 on the low side.'),
  clean('Filter size is 16 by 25 by 1.'),
  clean('Warranty is ten years parts, one year labor.'),
  clean('That is 4111 dollars and 11 cents.'),
  // ── Near misses: 16-digit non-Luhn and other long numbers ──────────────────
  clean('Card number 4242 4242 4242 4241, did I read that right?'),
  clean('Reference 1234 5678 9012 3456.'),
  clean('The meter reads 5555 5555 5555 5555.'),
  clean('Gas meter number 0012 3456 7890 1234.'),
  clean('Four two four two four two four two four two four two four two four one.'),
  // ── Mixed sentences ────────────────────────────────────────────────────────
  pii('Job 4823019475, and the card is 4000 0566 5566 5556.', ['card', '4000 0566 5566 5556']),
  pii('The total is $1,249 and you can use 3782 822463 10005.', ['card', '3782 822463 10005']),
  pii('Model 24ACC636A003, card 6011 1111 1111 1117, install Tuesday.', [
    'card',
    '6011 1111 1111 1117',
  ]),
  pii('Her social is 219-09-9999 and the unit is a 3 ton.', ['ssn', '219-09-9999']),
  withOptions(
    { phones: true },
    pii(
      'Card 4242424242424242, phone 214 555 0188.',
      ['card', '4242424242424242'],
      ['phone', '214 555 0188'],
    ),
  ),
  pii('Technician: OK, reading it back, 5200 8282 8282 8210, right?', [
    'card',
    '5200 8282 8282 8210',
  ]),
  pii('CSR: And the Visa ending... all of it please. Customer: 4000 0025 0000 3155.', [
    'card',
    '4000 0025 0000 3155',
  ]),
  clean('CSR: Just the last four of the card is fine. Customer: 4242.'),
  clean('The breaker panel is 200 amps, 40 spaces.'),
  clean('Call volume was 1,234,567 last year.'),
  clean('Our license number is TACLA00012345C.'),
  clean('Plumbing permit 2025-123456 is approved.'),
  withOptions({ phones: true }, clean('The serial number is 2145550199.')),
  withOptions({ phones: true }, clean('We did 1,500 installs in 2024.')),
  withOptions({ emails: true }, clean('The price at Home Depot is lower.')),
];
