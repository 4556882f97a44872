import { clean, pii, withOptions, type RedactionCase } from './redaction-case.js';

/** The tuning part of the redaction set: the redactor is adjusted on these sentences only. */
export const TUNE_CASES: readonly RedactionCase[] = [
  // ── Cards, written ─────────────────────────────────────────────────────────
  pii('Customer: Sure, card number is 4242 4242 4242 4242.', ['card', '4242 4242 4242 4242']),
  pii('It is 4242-4242-4242-4242, exp twelve twenty six.', ['card', '4242-4242-4242-4242']),
  pii('Go ahead and charge 4111111111111111.', ['card', '4111111111111111']),
  pii('Mastercard 5555 5555 5555 4444 please.', ['card', '5555 5555 5555 4444']),
  pii('The Amex is 3782 822463 10005.', ['card', '3782 822463 10005']),
  pii('Discover, 6011 1111 1111 1117, code 123.', ['card', '6011 1111 1111 1117']),
  pii('my debit card, 5105 1051 0510 5100', ['card', '5105 1051 0510 5100']),
  pii('Visa 4012-8888-8888-1881, zip 75201.', ['card', '4012-8888-8888-1881']),
  pii('Put the deposit on 2223 0031 2200 3222.', ['card', '2223 0031 2200 3222']),
  pii('Card: 6011.0009.9013.9424', ['card', '6011.0009.9013.9424']),
  pii('The company card is 3714 496353 98431 under Acme Heating.', ['card', '3714 496353 98431']),
  pii('JCB 3530 1113 3330 0000.', ['card', '3530 1113 3330 0000']),
  pii('Diners, 3056 930902 5904.', ['card', '3056 930902 5904']),
  // ── Cards, spoken ──────────────────────────────────────────────────────────
  pii('Customer: four two four two four two four two four two four two four two four two', [
    'card',
    'four two four two four two four two four two four two four two four two',
  ]),
  pii('It is forty two forty two, forty two forty two, forty two forty two, forty two forty two.', [
    'card',
    'forty two forty two, forty two forty two, forty two forty two, forty two forty two',
  ]),
  pii('Card is four one one one, one one one one, one one one one, one one one one.', [
    'card',
    'four one one one, one one one one, one one one one, one one one one',
  ]),
  pii('Visa, forty one eleven, eleven eleven, eleven eleven, eleven eleven.', [
    'card',
    'forty one eleven, eleven eleven, eleven eleven, eleven eleven',
  ]),
  pii(
    'uh, five five five five, double five double five, five five five five, double four double four',
    [
      'card',
      'five five five five, double five double five, five five five five, double four double four',
    ],
  ),
  pii('Discover card six oh one one, one one one one, one one one one, one one one seven', [
    'card',
    'six oh one one, one one one one, one one one one, one one one seven',
  ]),
  pii(
    'The Amex: three seven one four, four nine six three five three, nine eight four three one.',
    ['card', 'three seven one four, four nine six three five three, nine eight four three one'],
  ),
  pii('4242 4242 four two four two, forty two forty two.', [
    'card',
    '4242 4242 four two four two, forty two forty two',
  ]),
  pii('card number is 4111-1111 one one one one 1111', ['card', '4111-1111 one one one one 1111']),
  pii('OK, six zero one one, zero zero zero nine, nine zero one three, nine four two four.', [
    'card',
    'six zero one one, zero zero zero nine, nine zero one three, nine four two four',
  ]),
  pii(
    'Sure. Four oh one two. Eight eight eight eight. Eight eight eight eight. One eight eight one.',
    [
      'card',
      'Four oh one two. Eight eight eight eight. Eight eight eight eight. One eight eight one',
    ],
  ),
  pii('it is five one oh five, one oh five one, oh five one oh, five one oh oh', [
    'card',
    'five one oh five, one oh five one, oh five one oh, five one oh oh',
  ]),
  pii('Visa is four two four two, um, four two four two, four two four two, four two four two', [
    'card',
    'four two four two, um, four two four two, four two four two, four two four two',
  ]),
  pii('Card is forty-two forty-two forty-two forty-two forty-two forty-two forty-two forty-two.', [
    'card',
    'forty-two forty-two forty-two forty-two forty-two forty-two forty-two forty-two',
  ]),
  pii('four triple one, one one one one, one one one one, one one one one', [
    'card',
    'four triple one, one one one one, one one one one, one one one one',
  ]),
  pii(
    'the Mastercard is fifty-five fifty-five, fifty-five fifty-five, fifty-five fifty-five, forty-four forty-four',
    [
      'card',
      'fifty-five fifty-five, fifty-five fifty-five, fifty-five fifty-five, forty-four forty-four',
    ],
  ),
  pii('OK so four two four two 4242 4242 4242 and the expiration is oh nine twenty eight', [
    'card',
    'four two four two 4242 4242 4242',
  ]),
  // ── SSNs ───────────────────────────────────────────────────────────────────
  pii('My social is 123-45-6789.', ['ssn', '123-45-6789']),
  pii('SSN 078-05-1120 for the financing.', ['ssn', '078-05-1120']),
  pii('Social security number is one two three, four five, six seven eight nine.', [
    'ssn',
    'one two three, four five, six seven eight nine',
  ]),
  pii('the social is 219 09 9999', ['ssn', '219 09 9999']),
  pii(
    'Last thing for the credit check, your social? It is five one two, three four, five six seven eight.',
    ['ssn', 'five one two, three four, five six seven eight'],
  ),
  pii('Social: 457555462', ['ssn', '457555462']),
  pii('Sure, 321-54-9876 is my social.', ['ssn', '321-54-9876']),
  pii('His SSN, four five six, seven eight, nine oh one two.', [
    'ssn',
    'four five six, seven eight, nine oh one two',
  ]),
  clean('Social on file is 000-45-6789, that cannot be right.'),
  clean('my social 666-12-3456'),
  clean('SSN 987-65-4321 was on the sample form.'),
  clean('Social is 123-45-0000.'),
  clean('Part 123-45-6789 on the invoice.'),
  // ── Routing and account numbers ────────────────────────────────────────────
  pii('Routing number 011000015.', ['routing', '011000015']),
  pii(
    'Routing is 026009593 and account is 4455667788.',
    ['routing', '026009593'],
    ['bank_account', '4455667788'],
  ),
  pii('ABA number oh six one, oh oh oh, oh five two.', [
    'routing',
    'oh six one, oh oh oh, oh five two',
  ]),
  pii('Checking account number 1234 5678 9012.', ['bank_account', '1234 5678 9012']),
  pii('My checking is 0087654321.', ['bank_account', '0087654321']),
  pii('The savings account is eight eight seven seven six six five five four.', [
    'bank_account',
    'eight eight seven seven six six five five four',
  ]),
  pii(
    'Routing 111000025, account number 12345678901234.',
    ['routing', '111000025'],
    ['bank_account', '12345678901234'],
  ),
  pii('For the ACH, the routing number is 021000021.', ['routing', '021000021']),
  clean('Routing number 123456789, I think.'),
  clean('The duct routing adds 35 feet.'),
  clean('Your customer account number is 100234.'),
  clean('Our service account 5521009 shows two visits.'),
  clean('It saves about 250 a year in savings on the bill.'),
  clean('The account is in my wife’s name.'),
  // ── Emails and phones ──────────────────────────────────────────────────────
  withOptions(
    { emails: true },
    pii('Email it to tom.r@hotmail.com.', ['email', 'tom.r@hotmail.com']),
  ),
  withOptions(
    { emails: true },
    pii('It is john at example dot com.', ['email', 'john at example dot com']),
  ),
  withOptions(
    { emails: true },
    pii('Send it to sarah dot jones at gmail dot com please', [
      'email',
      'sarah dot jones at gmail dot com',
    ]),
  ),
  withOptions(
    { emails: true },
    pii('my email is kwhite77 at comcast dot net', ['email', 'kwhite77 at comcast dot net']),
  ),
  withOptions(
    { emails: true },
    pii('Office email, billing@acme-hvac.com.', ['email', 'billing@acme-hvac.com']),
  ),
  withOptions({ emails: true }, clean('We will see you at noon.')),
  withOptions({ emails: true }, clean('The unit at the back of the house is older.')),
  clean('Email it to tom.r@hotmail.com.'),
  withOptions({ phones: true }, pii('My number is 214-555-0147.', ['phone', '214-555-0147'])),
  withOptions({ phones: true }, pii('Call (469) 555-0110.', ['phone', '(469) 555-0110'])),
  withOptions({ phones: true }, pii('cell 972 555 0133', ['phone', '972 555 0133'])),
  withOptions(
    { phones: true },
    pii('It is two one four, five five five, oh one four seven.', [
      'phone',
      'two one four, five five five, oh one four seven',
    ]),
  ),
  withOptions({ phones: true }, pii('+1 817 555 0190 is my cell', ['phone', '+1 817 555 0190'])),
  withOptions({ phones: true }, pii('text me at 2145550123', ['phone', '2145550123'])),
  withOptions({ phones: true }, clean('Job number 2145550123.')),
  withOptions({ phones: true }, clean('The invoice is 4695550110.')),
  withOptions({ phones: true }, clean('Four thousand two hundred dollars for the system.')),
  withOptions({ phones: true }, clean('We open at 7:30 and close at 5.')),
  clean('My number is 214-555-0147.'),
  clean('It is two one four, five five five, oh one four seven.'),
  // ── Near misses ────────────────────────────────────────────────────────────
  clean('Your job number is 4417283901.'),
  clean('Job number four four one seven two eight three nine oh one.'),
  clean('Invoice number 10045 for the tune-up.'),
  clean('Invoice 2025-10045-A is attached.'),
  clean('It is a Carrier 24ACC636A003 with a Goodman furnace.'),
  clean('Model number 4TTR4036L1000A, serial 19354XT5AF.'),
  clean('Lennox ML180UH070P36A furnace.'),
  clean('The serial is 1234567890123456.'),
  clean('Order number 5555 5555 5555 4444 is the part order.'),
  clean('That comes to one thousand two hundred forty nine dollars.'),
  clean('It is $4,850 for the three ton unit.'),
  clean('Twenty nine ninety five a month for the plan.'),
  clean('We can do Tuesday the fourteenth between eight and ten.'),
  clean('Installed on 06/12/2014.'),
  clean('2024-06-12 is the date on the sticker.'),
  clean('The house is at 1234 Elm Street, 75204.'),
  clean('It is a 40 gallon tank, 40000 BTU.'),
  clean('Sixteen SEER, two and a half ton.'),
  clean('Card number 4242 4242 4242 4243.'),
  clean('The number is 1111 2222 3333 4444.'),
  clean('Four one one one, one one one one, one one one one, one one one two.'),
  clean('Our license is TACLB12345E.'),
  clean('Permit 2024-001187.'),
  clean('Claim number 4111 1111 1111 1111 from the home warranty company.'),
  clean('Tracking 1Z999AA10123456784.'),
  clean('It was one fifty for the diagnostic and eighty nine for the part.'),
  clean('The capacitor is 45 plus 5 microfarad, 440 volt.'),
  clean('Static pressure was point eight inches.'),
  clean('Ten four, I will be there in twenty.'),
  clean('Nineteen ninety nine is when they built the house.'),
  clean('The breaker is 2 pole 30 amp.'),
  clean('About 1,200 square feet upstairs and 1,400 down.'),
  clean('Reference number is 4000 0566 5566 5556.'),
  // ── Harder forms ───────────────────────────────────────────────────────────
  pii('Card is forty one hundred, eleven hundred, eleven hundred, eleven ten.', [
    'card',
    'forty one hundred, eleven hundred, eleven hundred, eleven ten',
  ]),
  pii(
    'Um, four, two, four, two, four, two, four, two, four, two, four, two, four, two, four, two.',
    [
      'card',
      'four, two, four, two, four, two, four, two, four, two, four, two, four, two, four, two',
    ],
  ),
  pii('CSR: Go ahead with the card. Customer: 3782, 8224, 6310, 005.', [
    'card',
    '3782, 8224, 6310, 005',
  ]),
  pii('four two four two four two four two four two four two four two four two is the Visa', [
    'card',
    'four two four two four two four two four two four two four two four two',
  ]),
  pii('Social, uh, one two three, uh, four five, six seven eight nine.', [
    'ssn',
    'one two three, uh, four five, six seven eight nine',
  ]),
  pii('and 123456789 is my social', ['ssn', '123456789']),
  pii(
    'Routing oh two one, oh oh oh, oh two one. Account, one two three four five six seven.',
    ['routing', 'oh two one, oh oh oh, oh two one'],
    ['bank_account', 'one two three four five six seven'],
  ),
  withOptions(
    { emails: true },
    pii('it is j smith at gmail dot com', ['email', 'j smith at gmail dot com']),
  ),
  withOptions(
    { emails: true },
    pii('Email me at dave dot polar air at yahoo dot com', [
      'email',
      'dave dot polar air at yahoo dot com',
    ]),
  ),
  withOptions(
    { phones: true },
    pii('Call one eight hundred, five five five, oh one oh oh.', [
      'phone',
      'one eight hundred, five five five, oh one oh oh',
    ]),
  ),
  withOptions(
    { phones: true },
    pii('my number is nine seven two, five five five, zero one four four', [
      'phone',
      'nine seven two, five five five, zero one four four',
    ]),
  ),
  withOptions({ phones: true }, clean('That is double the price of a tune-up.')),
  withOptions({ phones: true }, clean('See you at ten thirty on the twenty second.')),
  withOptions({ phones: true }, clean('Two by four, sixteen on center.')),
  withOptions({ phones: true }, clean('The old unit is from twenty oh five.')),
  withOptions({ emails: true }, clean('I am at work until five, look for the van at the gate.')),
  clean('Call one eight hundred, five five five, oh one oh oh.'),
  clean('Model R410A, about eight pounds of refrigerant.'),
  clean('The furnace is eighty percent, one hundred thousand BTU.'),
  clean('Invoice four four one seven two eight, three nine oh one, two two three four.'),
  clean('Serial number is 4242 4242 4242 4242 on the data plate.'),
  clean('It was 2,499 dollars in 2019 and 2,899 in 2023.'),
  clean('Twelve hundred and forty nine even.'),
  clean('The Visa ends in 4242.'),
  clean('Gate code is 1 2 3 4 pound.'),
  pii('4242 4242 4242 4242, twelve twenty six, one two three.', ['card', '4242 4242 4242 4242']),
  pii(
    'Try 4000 0566 5566 5556 and if that fails 5555 5555 5555 4444.',
    ['card', '4000 0566 5566 5556'],
    ['card', '5555 5555 5555 4444'],
  ),
  pii(
    'first card 4111 1111 1111 1111, 6011 1111 1111 1117 is the backup',
    ['card', '4111 1111 1111 1111'],
    ['card', '6011 1111 1111 1117'],
  ),
  clean('Readings: 410 118 225 365 412 118 227 366 414 120 229 368.'),
  pii('Job 4417283901, card 4242 4242 4242 4242.', ['card', '4242 4242 4242 4242']),
  pii('The invoice total is $1,249.00 and I will put it on 5555 5555 5555 4444.', [
    'card',
    '5555 5555 5555 4444',
  ]),
  pii('Oh, 4242 4242 4242 4242.', ['card', '4242 4242 4242 4242']),
  pii('Technician: So the Visa is 4111 1111 1111 1111, expiring 08/27, right?', [
    'card',
    '4111 1111 1111 1111',
  ]),
];
