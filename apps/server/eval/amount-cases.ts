import type { AmountPeriod } from '@fieldbot/shared';

/**
 * Sentences labelled with the amounts of money they say: the unit tests of the money recogniser
 * (src/providers/bot-engine/rules/money) and the comparison script of amount recognisers both
 * read them.
 */
export interface AmountCase {
  text: string;
  /** The talk around the sentence is about price (the customer just asked "how much?"). */
  priceContext: boolean;
  /** Every amount, in order: [] for a sentence with none. */
  amounts: ExpectedAmount[];
}

export interface ExpectedAmount {
  cents: number;
  per: AmountPeriod | null;
  /** The words that say it, as findAmounts reports them. */
  text: string;
  kind: 'explicit' | 'contextual';
}

const explicit = (
  cents: number,
  text: string,
  per: AmountPeriod | null = null,
): ExpectedAmount => ({
  cents,
  per,
  text,
  kind: 'explicit',
});
const bare = (cents: number, text: string, per: AmountPeriod | null = null): ExpectedAmount => ({
  cents,
  per,
  text,
  kind: 'contextual',
});
const say = (text: string, ...amounts: ExpectedAmount[]): AmountCase => ({
  text,
  priceContext: false,
  amounts,
});
const inPriceTalk = (text: string, ...amounts: ExpectedAmount[]): AmountCase => ({
  text,
  priceContext: true,
  amounts,
});

/** Amounts as they are written and said in field-service calls and visits. */
export const AMOUNT_CASES: readonly AmountCase[] = [
  // Written.
  say('The whole repair comes to $2,150 with parts.', explicit(215000, '$2,150')),
  say("It'd be 2150 dollars installed.", explicit(215000, '2150 dollars')),
  say("You're looking at 2,400 bucks for the coil.", explicit(240000, '2,400 bucks')),
  say('The capacitor is $89.95.', explicit(8995, '$89.95')),
  say('Labor is $ 300 flat.', explicit(30000, '$ 300')),
  say('The invoice says USD 300.', explicit(30000, 'USD 300')),
  say('Call it $1.2k for everything.', explicit(120000, '$1.2k')),
  say('The plan is $189 a year.', explicit(18900, '$189 a year', 'year')),
  say('The plan is $189 per year.', explicit(18900, '$189 per year', 'year')),
  say("It's $189 annually.", explicit(18900, '$189 annually', 'year')),
  say('Billing is $189 yearly.', explicit(18900, '$189 yearly', 'year')),
  say('The club is $15/mo.', explicit(1500, '$15/mo', 'month')),
  inPriceTalk('The total is 1,250.00 even.', bare(125000, '1,250.00')),
  inPriceTalk('It runs about 10k for the full system.', bare(1000000, '10k')),
  inPriceTalk('You pay 350 today and the rest later.', bare(35000, '350')),
  say(
    'Between $600 and $700 depending on the part.',
    explicit(60000, 'Between $600 and $700'),
    explicit(70000, 'Between $600 and $700'),
  ),

  // Said with a currency word.
  say("It's fifteen bucks a month.", explicit(1500, 'fifteen bucks a month', 'month')),
  say('Fifteen bucks monthly, cancel anytime.', explicit(1500, 'Fifteen bucks monthly', 'month')),
  say("That's fifteen dollars per month.", explicit(1500, 'fifteen dollars per month', 'month')),
  say('Ninety-nine bucks a visit.', explicit(9900, 'Ninety-nine bucks a visit', 'visit')),
  say(
    'seven hundred twenty dollars for the blower motor',
    explicit(72000, 'seven hundred twenty dollars'),
  ),
  say('It was two hundred fifty bucks.', explicit(25000, 'two hundred fifty bucks')),
  say('A new one is four grand.', explicit(400000, 'four grand')),
  say("We're talking four and a half grand.", explicit(450000, 'four and a half grand')),
  say('Half a grand for the permit.', explicit(50000, 'Half a grand')),
  say(
    'It comes to a hundred and twenty-nine dollars and fifty cents.',
    explicit(12950, 'a hundred and twenty-nine dollars and fifty cents'),
  ),
  say('The fitting is a buck fifty.', explicit(150, 'a buck fifty')),
  say('New element is a buck fifty, installed.', explicit(15000, 'a buck fifty')),
  say('Replacing the breaker is a buck forty.', explicit(14000, 'a buck forty')),
  say('Probably a couple hundred bucks.', explicit(20000, 'a couple hundred bucks')),
  say('Dryer vent cleaning is a buck and a quarter.', explicit(12500, 'a buck and a quarter')),
  say(
    "The club? It's a buck-fifty for the year.",
    explicit(15000, 'a buck-fifty for the year', 'year'),
  ),
  inPriceTalk('Ninety-nine the first year.', bare(9900, 'Ninety-nine the first year', 'year')),
  inPriceTalk(
    "It'd be, uh, thirty-eight— no, hang on, that's without the permit. Forty-one hundred.",
    bare(410000, 'Forty-one hundred'),
  ),
  // Price speak said as what a thing is, with no price word anywhere.
  say("Vent cleaning's one twenty-five.", bare(12500, 'one twenty-five')),
  say('Just clearing the drain alone is a hundred and ten.', bare(11000, 'a hundred and ten')),
  say("So you're at one ninety-four total.", bare(19400, 'one ninety-four')),
  say('Add a hundred and fifty.', bare(15000, 'a hundred and fifty')),
  say(
    'Cabling a kitchen line usually lands between two and three hundred.',
    bare(20000, 'between two and three hundred'),
    bare(30000, 'between two and three hundred'),
  ),
  inPriceTalk(
    "Capacitor's a hundred and forty— no, hundred and twenty-five, sorry.",
    bare(12500, 'hundred and twenty-five'),
  ),
  say(
    'Maybe six to seven hundred bucks.',
    explicit(60000, 'six to seven hundred bucks'),
    explicit(70000, 'six to seven hundred bucks'),
  ),
  say(
    'Three to four grand for a new furnace.',
    explicit(300000, 'Three to four grand'),
    explicit(400000, 'Three to four grand'),
  ),
  say('Each filter is fifty cents more.', explicit(50, 'fifty cents')),
  say('They want a 200 dollar deposit.', explicit(20000, '200 dollar')),

  // Said bare, in price talk: price speak.
  inPriceTalk("It's three forty-nine.", bare(34900, 'three forty-nine')),
  say('One fifty for the diagnostic.', bare(15000, 'One fifty')),
  say(
    'The tune-up is twenty-four ninety-nine a month.',
    bare(2499, 'twenty-four ninety-nine a month', 'month'),
  ),
  inPriceTalk('Nineteen ninety-five.', bare(1995, 'Nineteen ninety-five')),
  inPriceTalk('The whole system would be eleven five.', bare(1150000, 'eleven five')),
  inPriceTalk(
    'For the new system it comes to twenty-four ninety-nine.',
    bare(249900, 'twenty-four ninety-nine'),
  ),
  inPriceTalk('The repair would be twelve fifty.', bare(125000, 'twelve fifty')),
  inPriceTalk('Seven hundred and twenty.', bare(72000, 'Seven hundred and twenty')),
  say('A hundred twenty an hour.', bare(12000, 'A hundred twenty an hour', 'hour')),
  inPriceTalk(
    'Somewhere between six and seven hundred.',
    bare(60000, 'between six and seven hundred'),
    bare(70000, 'between six and seven hundred'),
  ),
  inPriceTalk('About ten K all in.', bare(1000000, 'ten K')),
  inPriceTalk('Probably nineteen hundred.', bare(190000, 'nineteen hundred')),
  inPriceTalk('It comes in at three fifty.', bare(35000, 'three fifty')),
  say("That'd be four— sorry, three fifty.", bare(35000, 'three fifty')),
  say('That comes to four fifty, I mean three fifty.', bare(35000, 'three fifty')),
  say('The part is eighty-nine plus tax.', bare(8900, 'eighty-nine')),
  inPriceTalk(
    'The part is two fifty and labor is one twenty.',
    bare(25000, 'two fifty'),
    bare(12000, 'one twenty'),
  ),
  say("It's gonna run you about eighteen hundred.", bare(180000, 'eighteen hundred')),
  say("You're looking at thirty-two hundred, give or take.", bare(320000, 'thirty-two hundred')),
  say('I can do the whole thing for twenty-two hundred.', bare(220000, 'twenty-two hundred')),
  say(
    'The membership is a hundred and forty-nine a year.',
    bare(14900, 'a hundred and forty-nine a year', 'year'),
  ),
  say('We charge a trip fee of forty-nine.', bare(4900, 'forty-nine')),
  say("It's sixty-five for the trip charge.", bare(6500, 'sixty-five')),
  say('The plan is nine ninety-nine a month.', bare(999, 'nine ninety-nine a month', 'month')),
  say('Financing is one forty-nine a month.', bare(14900, 'one forty-nine a month', 'month')),
  say(
    'It would be eighteen to twenty-two hundred for the coil.',
    bare(180000, 'eighteen to twenty-two hundred'),
    bare(220000, 'eighteen to twenty-two hundred'),
  ),
  inPriceTalk('Three-fifty for the part.', bare(35000, 'Three-fifty')),
  inPriceTalk("It's like two, two fifty.", bare(25000, 'two fifty')),
  inPriceTalk('Forty-nine ninety-five.', bare(4995, 'Forty-nine ninety-five')),
  inPriceTalk(
    'Anywhere from 150 to 200.',
    bare(15000, 'from 150 to 200'),
    bare(20000, 'from 150 to 200'),
  ),
  say(
    '$1,500-$2,000 for the panel.',
    explicit(150000, '$1,500-$2,000'),
    explicit(200000, '$1,500-$2,000'),
  ),
  say(
    'Between fifteen hundred and two grand.',
    explicit(150000, 'Between fifteen hundred and two grand'),
    explicit(200000, 'Between fifteen hundred and two grand'),
  ),
  say('Replacement would be around 8 grand.', explicit(800000, '8 grand')),
  say('A grand, maybe a little more.', explicit(100000, 'A grand')),
  say('It was a hundred bucks off.', explicit(10000, 'a hundred bucks')),
  say(
    "That's $15 a month, or $150 a year.",
    explicit(1500, '$15 a month', 'month'),
    explicit(15000, '$150 a year', 'year'),
  ),
  say('You pay ninety-nine a month for 24 months.', bare(9900, 'ninety-nine a month', 'month')),
  say('It has a $99 monthly fee.', explicit(9900, '$99 monthly', 'month')),
  say(
    '$350 for the part and labor is two fifty, so $600 total.',
    explicit(35000, '$350'),
    bare(25000, 'two fifty'),
    explicit(60000, '$600'),
  ),
  say('It was $400— sorry, three fifty.', bare(35000, 'three fifty')),
  say('Six hundred, no wait, five hundred dollars.', explicit(50000, 'five hundred dollars')),
  say('The hose bib is two bucks fifty.', explicit(250, 'two bucks fifty')),
  say('$129/hr for after-hours calls.', explicit(12900, '$129/hr', 'hour')),
  inPriceTalk(
    "Today's fifteen fifty minus one fifty-five, so thirteen ninety-five.",
    bare(155000, 'fifteen fifty'),
    bare(15500, 'one fifty-five'),
    bare(139500, 'thirteen ninety-five'),
  ),
  say("That'd come to two ninety-six sixty-five.", bare(29665, 'two ninety-six sixty-five')),
  inPriceTalk(
    'So a hundred sixty-four ninety-five.',
    bare(16495, 'a hundred sixty-four ninety-five'),
  ),
  inPriceTalk('Just the service call, seventy-nine fifty.', bare(7950, 'seventy-nine fifty')),
  say('Twenty-two seventy-five, all in.', bare(227500, 'Twenty-two seventy-five')),
  say(
    'With financing that comes to three oh eight a month.',
    bare(30800, 'three oh eight a month', 'month'),
  ),
  say(
    'Spread over eighteen months, six sixty-one a month.',
    bare(66100, 'six sixty-one a month', 'month'),
  ),
  inPriceTalk('The surge protector is three-forty normally.', bare(34000, 'three-forty')),
  say('I do them at eighty-five apiece.', bare(8500, 'eighty-five')),
  inPriceTalk('Which puts you at six twelve.', bare(61200, 'six twelve')),
  say("That's another six hundred.", bare(60000, 'six hundred')),
  say(
    'Seventy-four hundred. Figure another eleven hundred for drywall.',
    bare(740000, 'Seventy-four hundred'),
    bare(110000, 'eleven hundred'),
  ),
  inPriceTalk(
    "You're looking at twenty-two, twenty-four hundred.",
    bare(220000, 'twenty-two, twenty-four hundred'),
    bare(240000, 'twenty-two, twenty-four hundred'),
  ),
  say(
    "It's thirty-four— sorry, that's the old price. Twenty-nine ninety-nine a month now.",
    bare(2999, 'Twenty-nine ninety-nine a month', 'month'),
  ),
  inPriceTalk('The one fifty diagnostic comes off that.', bare(15000, 'one fifty')),
  say(
    "It's one sixty-five if you pay the year up front.",
    bare(16500, 'one sixty-five if you pay the year up front', 'year'),
  ),
  say('If you keep the filter clean, it comes to three fifty.', bare(35000, 'three fifty')),
  say(
    "It's $3,250 or $89 a month.",
    explicit(325000, '$3,250'),
    explicit(8900, '$89 a month', 'month'),
  ),
  say(
    'A tune-up every six months, nine ninety-nine a month.',
    bare(999, 'nine ninety-nine a month', 'month'),
  ),
  inPriceTalk(
    'Or a hundred and nine for the year.',
    bare(10900, 'a hundred and nine for the year', 'year'),
  ),

  // Said in a shape used for prices alone: price talk without a price word.
  say("That's ninety-eight hundred.", bare(980000, 'ninety-eight hundred')),
  say(
    "Or a ninety-six percent, two-stage, which needs new venting out the side wall, and that's fifty-two hundred.",
    bare(520000, 'fifty-two hundred'),
  ),
  say(
    "Fixing that's about twenty-one hundred, and honestly on a unit that age I wouldn't.",
    bare(210000, 'twenty-one hundred'),
  ),
  say(
    "And the variable-speed, that's twenty SEER, that one's eleven-nine.",
    bare(1190000, 'eleven-nine'),
  ),
  say('Twenty-two sixty, yep. I can have it in today by three.', bare(226000, 'Twenty-two sixty')),
  say('Thirteen-oh-five, I can run the card on file.', bare(130500, 'Thirteen-oh-five')),
  // Price speak said with what it buys, or with what is included.
  say(
    '—one sixty-five for customer-supplied thermostats. So with the wire, two ninety.',
    bare(16500, 'one sixty-five'),
    bare(29000, 'two ninety'),
  ),
  say(
    "Basic programmable's a hundred and sixty-five, put in. The Wi-Fi one's two-forty.",
    bare(16500, 'a hundred and sixty-five'),
    bare(24000, 'two-forty'),
  ),
  say("And we include the permit, that's about two-eighty on its own.", bare(28000, 'two-eighty')),
  // "X oh Y" with cents, and past twelve.
  say('The service call is one-oh-nine fifty.', bare(10950, 'one-oh-nine fifty')),
  inPriceTalk('Seven oh nine ninety-five.', bare(70995, 'Seven oh nine ninety-five')),
  inPriceTalk('Seven oh nine ninety-five is the total.', bare(70995, 'Seven oh nine ninety-five')),
  inPriceTalk('Comes to thirteen-oh-five.', bare(130500, 'thirteen-oh-five')),
  // Fractions of a hundred and of a grand.
  say(
    "Rebuild's a hundred and a quarter, parts and labor.",
    bare(12500, 'a hundred and a quarter'),
  ),
  inPriceTalk('A hundred and a half, give or take.', bare(15000, 'A hundred and a half')),
  say('Two and a quarter grand for the job.', explicit(225000, 'Two and a quarter grand')),
  // Two close figures said as alternatives, after "looking at".
  inPriceTalk(
    "So you're looking at roughly four-twenty, four-twenty-five.",
    bare(42000, 'four-twenty, four-twenty-five'),
    bare(42500, 'four-twenty, four-twenty-five'),
  ),
  // A measurement word before a clause of its own ("the thermostat, it's …", "fan-rated it's …").
  say(
    "All in, with the pad, the line set and the thermostat, it's eleven thousand four hundred.",
    bare(1140000, 'eleven thousand four hundred'),
  ),
  inPriceTalk(
    "If the boxes are fan-rated it's about a hundred and fifty per fan.",
    bare(15000, 'a hundred and fifty'),
  ),
  // The rate said before the amount, after the thing priced, or as "each time".
  say(
    "It's twenty-four a month, or if you pay for the year up front it's two sixty-nine.",
    bare(2400, 'twenty-four a month', 'month'),
    bare(26900, 'two sixty-nine', 'year'),
  ),
  say("Monthly it's fifteen.", bare(1500, 'fifteen', 'month')),
  inPriceTalk(
    "Twice a year, that's a hundred and forty-nine.",
    bare(14900, 'a hundred and forty-nine', 'year'),
  ),
  say(
    'It covers parts and labor, a hundred-dollar deductible per visit.',
    explicit(10000, 'a hundred-dollar deductible per visit', 'visit'),
  ),
  inPriceTalk(
    "We hydro-jet it once a year, that's around six hundred each time.",
    bare(60000, 'six hundred each time', 'visit'),
  ),
  inPriceTalk('A year ago it was three hundred.', bare(30000, 'three hundred')),
];

/** Numbers that are not money, even in price talk. */
export const NOT_AMOUNT_CASES: readonly AmountCase[] = [
  inPriceTalk('The unit was installed in 2009.'),
  inPriceTalk("Job number's 2291, the office will call you."),
  inPriceTalk('We have to call 811 for locates first.'),
  inPriceTalk('And the plan I mentioned, the ninety-nine one, want me to add it?'),
  say("It's three forty-nine."),
  say('I am preheating to three-fifty now.'),
  inPriceTalk('We put it in back in twenty fifteen.'),
  inPriceTalk("They've had it since 1998."),
  inPriceTalk('It was built in nineteen ninety-eight.'),
  inPriceTalk('You have the XR16 up there.'),
  inPriceTalk("It's a model 4TTR6036."),
  inPriceTalk('We could do a Trane XV20i.'),
  inPriceTalk('That one is 16 SEER.'),
  inPriceTalk("I'd go with a fourteen SEER unit."),
  inPriceTalk('Your house needs three and a half ton.'),
  inPriceTalk("It's a 3-ton unit."),
  inPriceTalk('The furnace is 80,000 BTU.'),
  inPriceTalk('Call me back at 512-555-0134.'),
  inPriceTalk("My number's five one two, five five five, zero one three four."),
  inPriceTalk('Can you come at two thirty?'),
  inPriceTalk('The tech arrives between eight and ten.'),
  inPriceTalk('Our window is 8 to 10 am.'),
  inPriceTalk('Somewhere around noon.'),
  inPriceTalk("It's fifteen years old."),
  inPriceTalk("It's a twelve-year-old unit."),
  inPriceTalk('You need two filters.'),
  inPriceTalk('The tank holds forty gallons.'),
  inPriceTalk("We'll run fifty feet of pipe."),
  inPriceTalk('We are at 1420 Maple Street.'),
  inPriceTalk("I'm at 38 Elm."),
  inPriceTalk("That's on job 48213."),
  inPriceTalk('You have a 200 amp panel.'),
  inPriceTalk("It's 240 volts."),
  inPriceTalk("It's ninety-five degrees in here."),
  inPriceTalk('Just set it to 72.'),
  inPriceTalk('You get 15 percent off.'),
  inPriceTalk("That's fifteen percent."),
  inPriceTalk('We can come on the 8th.'),
  inPriceTalk('How about March 3rd?'),
  inPriceTalk('I could be there in forty minutes.'),
  inPriceTalk('That one is cheaper.'),
  say('I had a few hundred dollars saved.'),
  say('It should take about three hours.'),
  say('We come out twice a year.'),
  say('Three forty-nine is what the other guy said.'),
  say('We have two kids and one dog.'),
  inPriceTalk("We're open twenty four seven."),
  inPriceTalk('I can be there at five thirty in the morning.'),
  inPriceTalk('You can pay in twelve monthly payments.'),
  inPriceTalk('It comes with a 10 year warranty.'),
  inPriceTalk('It has a ten-year parts warranty.'),
  inPriceTalk("You're number 3 on the list."),
  inPriceTalk('I need about 45 minutes.'),
  inPriceTalk('Zero percent financing for 18 months.'),
  inPriceTalk('That gets you 2 visits a year.'),
  inPriceTalk("It's the 2019 model."),
  inPriceTalk('It is a hundred percent covered.'),
  inPriceTalk('We have two fifty-gallon tanks.'),
  inPriceTalk('Is that on the 15th?'),
  say('A few thousand bucks, probably.'),
  say('Several hundred dollars.'),
  say("I'll try to save a buck."),
  inPriceTalk("Code back in '96 didn't require it."),
  inPriceTalk('Those are 2012, past the ten-year mark.'),
  inPriceTalk("Exhaust temp's about a hundred thirty-five."),
  inPriceTalk("It's rated forty-five plus five microfarads."),
  inPriceTalk('Preheated to three fifty in about twelve minutes.'),
  inPriceTalk('Turn your water heater up a touch, to about one-twenty.'),
  inPriceTalk("What's your thermostat set at, like sixty-eight?"),
  inPriceTalk("You're peaking around ninety, so you're fine."),
  inPriceTalk("We'd have you back on by four, four-thirty."),
  inPriceTalk("With R-22 you're looking at a lot."),
  inPriceTalk("It's the six-hundred-watt one."),
  inPriceTalk("That's a forty-gallon tank, you'd want a fifty."),
  inPriceTalk('Give it till tonight to hit thirty-seven.'),
  inPriceTalk("Okay, new sensor and fan, it's already down to forty-five and dropping."),
  inPriceTalk("Supply air's fifty-six. You're good."),
  inPriceTalk('Thermostat says fifty-four.'),
  inPriceTalk(
    "If you want the NEMA fourteen-fifty outlet instead of hardwiring, it's the same price, but hardwired lets you run the full forty-eight.",
  ),
  inPriceTalk('Call me at ten oh five.'),
  inPriceTalk('It was built in nineteen oh five.'),
  say('Your house is about twenty-two hundred square feet.'),
  say("What's the square footage, about seventeen hundred?"),
  say('At twelve hundred RPM it sounds like gravel.'),
  say('We have eleven fifteen or twelve thirty open.'),
  say('The tech will be there at thirteen hundred hours.'),
];
