import { family, says, saysNegative, type FamilyPattern } from './family.js';
import { HAS_TIME, TIME_EXPRESSION } from './time-words.js';

const PERSON =
  '(?:he|she|they|someone|somebody|a tech|the tech|our tech|our guy|our technician|the technician|a technician|our plumber|the plumber|our electrician|the electrician|my guy)';

const ACK = String.raw`(?:(?:okay|ok|alright|all right|great|perfect|so|got it|awesome)[\s,:;.—–-]*)?`;
/**
 * A read-back: the agent says the time back followed by the job's details, as the booking ("Okay —
 * Thursday the tenth, four to six, path lights along the fence line, Pam Ruiz on Cedar Hollow.").
 * An offer is a question, or names no details after its times.
 */
const READ_BACK: FamilyPattern = {
  re: new RegExp(
    String.raw`^\s*${ACK}(?:${TIME_EXPRESSION})(?:[\s,]+(?:${TIME_EXPRESSION}))*[\s]*,[^,?]+,[^?]*$`,
    'gi',
  ),
  negatable: false,
};

/**
 * The company side confirms an appointment or a dispatch, in everyday words. Excluded: being
 * fully booked, questions about booking, booking fees.
 */
export const bookingConfirmed = family(
  'booking-confirmed',
  says(
    `(?:you're|you are|you'll be|we're|we are) (?:all )?(?:set|booked|scheduled|confirmed|good to go|locked in|on the (?:schedule|books|calendar|board|route|list))`,
    `(?:you're|you are) (?:all )?set (?:for|up)`,
    `(?:(?:i've|i have|we've|we have|i|we) )?(?:got|gotten|put|penciled|pencilled|booked|scheduled|slotted|locked|added|reserved|blocked|set) you (?:down|in|up|on)`,
    `(?:i've|i have|we've|we have) got (?:\\w+ ){1,2}(?:coming|heading|scheduled|booked|out to you|lined up)`,
    `(?:you're|you are) (?:in|on) for`,
    `(?:you're|you are) in(?=[.!,—]|$)|done and done`,
    `(?:dropped|squeezed|slotted|fit|fitted|moved|plugged|stuck|worked) you (?:in|into)`,
    `(?:\\w+'s|he's|she's|they're) coming (?:out )?(?:${TIME_EXPRESSION})`,
    `(?:\\w+'s|he's|she's|they've|we've|i've) got you`,
    `(?:it's|that's|is) (?:officially |all |now )?yours|starting (?:his|her|their) day (?:at|with) (?:you|your)|done deal|(?:finishing|wrapping) up (?:\\w+ ){0,4}(?:over|near|nearby|from you|around the corner)`,
    `(?:that's|it's|you're|that is|it is) (?:all )?(?:locked|confirmed|booked|reserved)(?: in)?`,
    `(?:reserved|booked|saved|grabbed) (?:[\\w']+ ){1,4}for you`,
    `(?:\\w+'s|he's|she's|they're|he is|she is|they are) (?:rolling|heading|headed|on (?:his|her|their|the) way|en route|driving over|coming (?:to you|over|out|by))`,
    `heading (?:over|out|your way)`,
    `(?:i've|i have|we've|we have|i|we) (?:got|put|booked|scheduled|slotted|locked|added|reserved|blocked|set) (?:that|it|this|the appointment|the visit|your appointment|the install|a tech) (?:in|up|down|for)`,
    `(?:i'll|i will|let me|we'll|we will|gonna) (?:go ahead and )?(?:pencil|put|get|lock|slot|book|schedule) you (?:in|down|on|for)`,
    `(?:locked|lock) (?:in|it in|that in|you in)`,
    `(?:pencil|pencilled|penciled) (?:you|that|it) in`,
    `(?:appointment|visit|booking|reservation|install|service call)(?: is| has been| was|'s) (?:set|confirmed|booked|scheduled|locked in|all set)`,
    `(?:confirmation|reminder) (?:text|email|e-mail|call|message)|(?:get|send you) a reminder`,
    `(?:i'm|i am|we're|we are) (?:sending|dispatching|rerouting|routing|diverting) (?:\\w+ ){0,3}(?:out|over|now|your way|to you|someone|a tech|technician|plumber|electrician|him|her)`,
    `(?:so )?(?:that's|that is|we've got you|i've got you) (?:down )?(?:for )?(?:${TIME_EXPRESSION})`,
    `(?:${TIME_EXPRESSION}) it is`,
    `(?:you'll|you will) (?:get|receive) (?:a|an) (?:text|call|email|e-mail|message|confirmation)`,
    `${PERSON}(?:'ll| will| can| is going to|'s going to| should) (?:be (?:there|out|over|at your)|come (?:out|by)|swing by|stop by|head over|pop by|see you|drop by|be heading|arrive|get there)`,
    `see you (?:then|on|tomorrow|this|next|monday|tuesday|wednesday|thursday|friday|saturday|sunday|at|in the|first thing|bright and early|around|between)`,
    `(?:you're|you are) (?:all )?good for`,
    `(?:i'll|we'll|i will|we will) have (?:someone|somebody|a tech|a technician|our tech|\\w+) (?:out|over|there|come|swing|stop)`,
    `(?:we'll|we will|i'll|i will) be (?:there|out|over|at your|by your)`,
    `expect (?:him|her|them|the tech|our tech|the technician|a call|a text|us)`,
    `(?:put|entered|created|made|opened) (?:in )?(?:the|a|your) (?:work order|ticket|service order)`,
    `^\\s*(?:ok(?:ay)?,? |great,? |perfect,? |alright,? )?(?:booked|scheduled|confirmed|done)(?=[.!]|\\s*$)`,
    `got (?:it|that|this) down`,
    `(?:i'll|we'll|i will|we will) send (?!you)(?:\\w+ ){0,2}(?:out|over|your way|to you|by)`,
    `you'll see (?:him|her|them|\\w+) (?:then|${TIME_EXPRESSION})`,
    `(?:call|text) (?:you )?(?:when|before|once) (?:he's|she's|they're|he|she|they|the tech) (?:\\w+ )?(?:on (?:his|her|their|the) way|close|heading|leaving|nearby|en route)`,
    `(?:appointment|visit)(?:'s| is) (?:on |for )?(?:${TIME_EXPRESSION})`,
    `(?:i|we) (?:have|got) you (?:down|in|on|for|at|scheduled|booked)`,
    `(?:it's|that's|you're|that is|it is|you are) (?:\\w+ )?(?:in the system|on the books|in the books|on the board|on the schedule)`,
    `(?:\\w+|he|she|they)(?:'s| is| will be|'ll be) (?:at|over at) (?:your|the) (?:place|house|home|door|address|office|shop|store)`,
    `(?:saved|held|holding|reserved|grabbed|blocked) (?:that|the|this|your) (?:spot|slot|window|time|appointment|opening)`,
    `(?:written|wrote|entered|typed|plugged) you (?:in|into|on|down)`,
    `(?:you'll be|you're|you are) (?:\\w+'s |his |her |their |the )?(?:first|last|next|second) (?:stop|call|appointment|job)`,
    `(?:booked|scheduled) (?:you|it|that|the visit|the appointment) for`,
    `(?:he's|she's|they're|you're) on (?:\\w+'s )?(?:route|schedule|calendar)`,
    `(?:put|added) you on (?:\\w+'s )?(?:route|schedule|calendar)`,
  ).concat(READ_BACK),
  {
    exclude: [
      `booked (?:solid|up|out|full)|fully booked|completely booked`,
      `(?:want|like|shall|should|can|could) (?:me to |i |we )?(?:book|schedule|set|put|pencil|get|lock|reserve)`,
      `\\?`,
      `booking fee|booking charge`,
      `give us a call|call us back|call back and|call us (?:once|when|after|if|whenever)`,
      `(?:cancellation|waiting|wait|call|call-back|callback|standby) list|(?:on|to) the list`,
      `(?:when|what time|what day) (?:would|do|did|should|can) you`,
    ],
  },
);

/** The customer turns down or puts off what was offered. */
export const declinedDeferred = family(
  'declined-deferred',
  saysNegative(
    `(?:get|call|circle|reach) back (?:to|with) you`,
    `(?:call|ring|phone) (?:you (?:guys |all |folks )?)?(?:right |straight )?back`,
    `look at the (?:flyer|brochure|paperwork|pamphlet|sheet|info)|leave it (?:there|at that)|another monthly (?:thing|bill|charge|payment|subscription)|not (?:getting|paying for|doing|signing up for) (?:a |another )?(?:subscription|membership|plan|contract)|if (?:we|i) (?:were|was) (?:staying|keeping)`,
    `(?:put it )?toward a new one|sink (?:\\w+ )?money into|leave it open|(?:we'll|we can) go from there`,
    `(?:gonna|going to|will|i'll|we'll) (?:just )?(?:go )?(?:pick up|buy|get|grab) a new one`,
    `for now (?:we're|i'm|we are|i am) (?:good|fine|okay|ok)`,
    `(?:we|i) (?:don't|do not) (?:work on|service|handle) (?:\\w+ ){0,2}(?:systems?|units?|those|that|commercial|steam|boilers?)|(?:they're|that's) who i'd call`,
    `(?:i'll|we'll|let me|i will|we will|i'm gonna|we're gonna|gonna|i need to|we need to|want to|wanna) (?:\\w+ )?(?:think|thinking) (?:about|it over|on it)`,
    `think (?:it over|about it)`,
    `sleep on it`,
    `(?:other|more|a couple|a few|some|another|two more|three) (?:quotes|estimates|bids|prices|opinions|companies)`,
    `(?:comparing|compare|getting|get|collecting|gathering) (?:\\w+ )?(?:quotes|estimates|prices|bids)`,
    `not yet`,
    `(?:shop|shopping|calling|call|look|looking|ask|asking) around`,
    `(?:run|running) it (?:by|past)`,
    `(?:talk|check|discuss|speak|consult|ask)(?:ing)? (?:it )?(?:over )?(?:to |with )?(?:my|the) (?:wife|husband|partner|spouse|landlord|boss|family|hubby|other half|dad|mom|son|daughter|owner|property manager)`,
    `not interested`,
    `(?:i'll|we'll|i will|we will|i'm gonna|we're gonna|gonna|i think we'll|think i'll) (?:have to )?pass`,
    `pass on (?:it|that|the|this)`,
    `hold off`,
    `not (?:right )?now`,
    `not (?:at )?this time`,
    `not today`,
    `maybe (?:later|next time|next year|some other time|down the road|another time|after|in the spring|in the fall|next)`,
    `(?:have to|need to|gotta|got to|let me|i'd have to|i'll have to) (?:ask|check with|talk to) (?:him|her|them|my)`,
    `(?:need to|want to|have to|gotta|like to|i'll|going to|gonna|calling to) cancel|cancel (?:my|the|our|tomorrow's|this|that) (?:\\w+ )?(?:appointment|visit|service|booking)`,
    `no,? thanks|no,? thank you|nah,? (?:i'm|we're) good`,
    `(?:i'll|we'll) let you know`,
    `never ?mind|keep (?:that|it|you|your number) in mind`,
    `(?:not|isn't|is not) in the budget`,
    `(?:try|go with|use|call) (?:someone|somebody|another|a different)`,
    `(?:book|do|schedule|sign up|grab|pick|get) (?:\\w+ ){0,3}(?:online|on the website|on your website|through the app)`,
    `(?:look at|check|check on) my (?:calendar|schedule)|lost (?:her|him|them|the call|you)|call dropped|got disconnected|wrong (?:number|people|company|place|department)`,
    `go with (?:them|those guys|the other|another|someone|somebody)`,
    `(?:i'd|we'd) rather (?:just )?(?:pay|wait|hold)|(?:i'd|we'd) rather not (?:sign|join|commit|add|do (?:that|it|the|a))`,
    `(?:i'll|we'll|let me|i'd like to|i want to|i need to) (?:\\w+ )?(?:read|look) (?:it|that|this|them|everything) over|send me (?:something|some info|the info|a brochure|the details)|brochure|pamphlet`,
    `not (?:signing|committing to|locking into) (?:anything|a contract|up)|not this (?:year|month|time|season)|tapped out`,
    `(?:i'm|we're|i am|we are) (?:good|fine|all set|okay)(?: for now| thanks| with what)?(?:[.!]|$)`,
    `(?:circle|come) back (?:after|in|when|to it)|not (?:much )?(?:for|into) (?:subscriptions|contracts|memberships|plans)|(?:rather|prefer to) (?:just )?(?:keep it to|stick to|do) (?:what|the)|just the (?:\\w+ ){0,2}today`,
    `roll the dice|take my chances|if (?:it|something) (?:else )?breaks,? it breaks|ask me (?:again )?(?:after|in|next|later|when)|(?:wife|husband|partner)'s (?:department|call|thing|decision)|(?:don't|do not) (?:really )?do (?:subscriptions|memberships|contracts|plans)`,
    `(?:dad|father|brother|brother-in-law|son|son-in-law|cousin|uncle|friend|neighbor)(?:'s| is) (?:a |an )?(?:retired )?(?:electrician|plumber|hvac guy|handyman|contractor|pipefitter)`,
    `(?:call|check with|contact|try|text|email|message|ask) (?:\\w+ ){0,3}first|find (?:someone|somebody) (?:else|who)`,
    `(?:moving|selling|listing|listed)(?: the house| it)? (?:\\w+ ){0,3}(?:soon|next|after|in|by|this)|have the house listed|not adding anything|(?:we're|i'm) covered (?:there|on that)`,
    `(?:i'll|we'll|i will|we will) (?:just )?(?:wait|hang on|figure it out)`,
    `that's too far out`,
    `(?:i'll|we'll) (?:call|reach out)(?: (?:to )?you)? (?:when|once|if|after)`,
    `(?:just|only) (?:wanted|calling|looking for|needed) (?:a |to get a |to get )?(?:price|quote|ballpark|number|estimate)`,
  ),
);

/** The company side offers a day, a time or a window (the sentence must name one). */
export const slotOffered = family(
  'slot-offered',
  says(
    `(?:i've|i have|we've|we have|i|we) (?:got|have|can do|could do|can get|could get|can have|could have|can fit|could fit|can squeeze|could squeeze|can send|could send)`,
    `(?:how about|what about|would|does|do|is|will) (?:\\w+ ){0,4}(?:work|suit|be good|be better|do)`,
    `(?:how|what) about`,
    `(?:available|availability|opening|openings|open slot|slot|slots|window|spot)`,
    `(?:has|have got|'s got|is free|are free) (?:the )?(?:${TIME_EXPRESSION})`,
    `(?:earliest|soonest|next available|first available)`,
    `(?:minutes|hours?) (?:out|away)`,
    `open (?:install )?(?:day|slot|spot|window|date)|first open`,
    `(?:can|could) (?:get|have|send) (?:someone|somebody|a tech|a technician|him|her|them|one of)`,
    `(?:our guy|he|she|someone|somebody|a tech|they) (?:can|could) (?:swing|stop|come|be|get|pull)`,
    `first (?:call|stop|appointment|job)`,
    `(?:i|we) can (?:be|come|swing|stop)`,
  ),
  {
    requires: [HAS_TIME],
    exclude: [`booked (?:solid|up|out|full)|fully booked|no (?:openings|availability)`],
  },
);

/** The customer tells the company side to go ahead. */
export const workApproved = family(
  'work-approved',
  says(
    `go ahead`,
    `let's (?:do it|do that|go with|go for it|get it done|book it)`,
    `(?:sounds|that sounds) (?:good|great|fine|perfect)`,
    `(?:do|fix|book|schedule) it`,
    `sign (?:me|us) up`,
    `yes,? please`,
    `(?:that|this) works`,
    `(?:we'll|i'll) take (?:it|that|the)`,
  ),
);
