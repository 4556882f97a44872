import { family, says, saysNegative } from './family.js';

/** What worries the customer, one family per kind, said directly or indirectly. */

export const concernPrice = family(
  'concern-price',
  [
    ...says(
      `afford`,
      `(?:too|way too|kinda|kind of|a bit|a little|awfully) (?:expensive|pricey|steep|much|high)`,
      `(?:pretty|really|so|very|super) (?:expensive|pricey|steep|high)`,
      `(?:that's|that is|it's|thats) (?:expensive|pricey|steep|a lot|a chunk|a lot of money|more than)`,
      `cheaper|less expensive|lower price|discount|better deal|any deals|coupon|specials`,
      `budget|price range|fixed income|tight (?:right now|on money|this month)|money(?:'s| is) tight`,
      `more than (?:i|we) (?:hoped|expected|wanted|thought|budgeted|planned)`,
      `how much (?:is|will|would|does|do|are|for|to|it|that|you)`,
      `what (?:does|do|would|will|is) (?:it|that|this|the \\w+|you) (?:cost|run|charge)`,
      `what(?:'s| is| are) (?:the |your )?(?:[\\w-]+ )?(?:price|cost|charge|fee|rate|damage)`,
      `(?:trip|service|diagnostic|call-out|callout|visit) (?:charge|fee)`,
      `ballpark|what (?:am i|are we) looking at|(?:i|we) (?:have to |gotta |got to )?pay for|throw(?:ing)? (?:good )?money|what (?:do )?(?:you|y'all|you guys) charge`,
      `(?:is there|are there|will there be) (?:[\\w-]+ ){0,3}(?:fee|charge|cost|minimum)`,
      `bill(?:'s| is| has been| was)? (?:\\w+ ){0,3}(?:crazy|high|insane|through the roof|huge|double)`,
      `break the bank|arm and a leg|an arm and|sticker shock|ouch`,
      `(?:payment plan|financing|finance|pay (?:it )?(?:over time|in installments))`,
      `swing (?:that|it)`,
      `(?:cost|costs|price|prices)`,
      `a fortune|so much more|(?:a lot|way|that much) more than|who(?:'s| is)? (?:gonna |going to )?pays? for|for free\\?|charge (?:me|us) (?:for|to|extra)|(?:extra|more) on top|that's extra|cost(?:s)? extra|fronting|money(?:'s| is) (?:\\w+ ){0,2}tight`,
    ),
    ...saysNegative(
      `(?:can't|cannot|can not|couldn't|won't be able to) (?:really )?(?:swing|afford|justify|spend|pay)`,
      `(?:not|won't|wouldn't|don't want to|refuse to) (?:be )?(?:spend|spending|pay|paying|dropping) (?:\\w+ ){0,4}(?:on|for)`,
      `(?:not|isn't|wasn't) (?:cheap|in (?:the|my|our) budget)`,
    ),
  ],
  {
    exclude: [
      `(?:price|cost|money|budget)(?:'s| is)? (?:not|no|isn't) (?:a |an |the )?(?:problem|issue|object|concern)`,
      `(?:don't|do not) (?:care|worry) (?:about|what) (?:the )?(?:price|cost)`,
    ],
  },
);

export const concernTiming = family(
  'concern-timing',
  says(
    `as soon as (?:possible|you can)|asap|a\\.s\\.a\\.p|right away|same day|same-day`,
    `(?:today|tonight|this (?:morning|afternoon|evening)) (?:if (?:possible|you can)|please)`,
    `(?:need|want|get|have|send) (?:\\w+ ){0,3}(?:today|tonight|this (?:morning|afternoon))`,
    `(?:can|could) (?:you|someone|somebody|anyone|they) (?:\\w+ ){0,3}(?:today|tonight)`,
    `sooner|any earlier|anything earlier|go bad|going bad|gonna go bad|spoil|spoiling|the (?:earlier|sooner) the better|(?:nothing|anything) (?:today|tonight|this week)`,
    `through the weekend|over the weekend|done (?:\\w+ ){0,3}by|school|throw (?:\\w+ )?(?:away|out)`,
    `today(?: is not| isn't| if (?:at all )?)? possible`,
    `schedule(?:'s| is)? (?:\\w+ ){0,3}(?:crazy|all over|tight|packed|busy|nuts)`,
    `(?:got|have|had) a (?:\\w+ )?(?:meeting|appointment|dentist|doctor|shift|thing|call|flight) (?:\\w+ ){0,3}(?:at|on|monday|tuesday|wednesday|thursday|friday|saturday|sunday|morning|afternoon|tomorrow|i can't)`,
    `urgent|emergency|can't wait|cannot wait|can't go|how soon|how quick|how fast|soonest|earliest`,
    `(?:guests|company|family|in-laws|relatives|people|party|visitors|baby shower|open house|inspection|closing)(?: are| is)? (?:coming|arriving|over|visiting|here|on|scheduled)`,
    `(?:work|working|i'm at work|at work) (?:until|till|all day|late)`,
    `(?:only|just) (?:available|home|free|around)`,
    `(?:leaving|out of town|travel|traveling|flight|vacation|trip) (?:on|this|next|tomorrow|friday|saturday|sunday|monday)?`,
    `(?:before|by) (?:the weekend|friday|saturday|sunday|monday|tuesday|wednesday|thursday|tomorrow|tonight|the holiday|christmas|thanksgiving)`,
    `(?:newborn|infant|baby|elderly|my mom|my dad|grandma|grandpa)`,
    `(?:it's|it is|its) (?:\\w+ )?(?:degrees|freezing|boiling|sweltering|roasting|an oven|like an oven)|(?:so|really|super) (?:hot|cold) (?:in here|in the house|inside|upstairs|downstairs)`,
    `i work (?:\\w+ ){0,4}(?:to|until|till|nights|days|overnight)`,
    `(?:how long|how many days|how much time) (?:will|would|does|is|until|till)`,
    `(?:that's|that is|it's) (?:too )?(?:too far out|too long|a long time|forever)`,
    `(?:need|needs|has|have) to be (?:done|fixed|working|up) (?:by|before|today|tonight)`,
    `(?:kind of|kinda|pretty|too|a little|a bit|awful|really) far(?: out| away| off)?|a (?:long )?ways (?:out|away|off)`,
    `(?:i'm|i am|i'll be|she's|he's|we're|she is|he is) (?:not (?:off|home|back)|at (?:work|the plant|the office|the shop|the hospital|school)|working|on shift) (?:\\w+ ){0,2}(?:till|until|til|'til|from|between|to|all)`,
    `(?:i've|i have|i got|i've got) (?:the |a |an )?(?:dentist|doctor|appointment|meeting|work|school pickup|shift)`,
    `(?:supposed to|going to|gonna) (?:hit|get|drop|be) (?:like |about |down to )?(?:\\w+ ){0,2}(?:below|degrees|freezing)|below (?:zero|freezing)|pipes? (?:\\w+ ){0,2}freez`,
    `getting married|wedding|graduation|baptism|funeral|birthday party|bake sale|thanksgiving|christmas|(?:the )?holidays`,
    `on oxygen|oxygen (?:machine|concentrator|tank)|wheelchair|heart condition|asthma|(?:just had|recovering from) (?:surgery|a baby)|pregnant|twins`,
  ).concat(
    saysNegative(
      `(?:nothing|anything) (?:sooner|earlier|before (?:that|then))|is there (?:\\w+ )?(?:sooner|earlier|before (?:that|then))`,
      `(?:no|without) (?:heat|ac|a\\/c|air|hot water|water|power)`,
      `(?:get|getting|i'm|am) off work|(?:can't|cannot) let (?:it|this|that) sit|waiting (?:\\w+ )?(?:two|three|a couple|a few|several|\\d+) (?:more )?(?:days|weeks)`,
    ),
  ),
);

export const concernTrust = family(
  'concern-trust',
  [
    ...says(
      `(?:last|previous|other|old|first|another) (?:company|guy|guys|tech|techs|technician|plumber|electrician|contractor|outfit|crew|place|hvac company)`,
      `rip(?:ped)? (?:me |us )?off|ripoff|rip-off|overcharg|gouge|gouging|scam|shady|sketchy|upsell|up-sell|hard sell|pushy`,
      `(?:are|is) (?:you|your \\w+|they|he|she|the \\w+) (?:\\w+ )?(?:licensed|insured|bonded|certified)|background check|(?:wasn't|weren't|isn't|not) (?:even )?(?:licensed|insured|certified)`,
      `reviews|references|bbb|better business`,
      `(?:bad|horrible|terrible|awful|rough|poor) (?:experience|service|luck|job)`,
      `how (?:do|can) (?:i|we) (?:know|trust|be sure)`,
      `trust|second opinion|legit|rushed|sloppy|cut corners|careless|didn't know what`,
      `(?:neighbor|neighbour|friend|sister|brother|coworker|cousin)(?:'s)? (?:\\w+ ){0,4}(?:used|had|hired|called|got)`,
      `(?:charged|paid|cost) (?:us|me|them) (?:\\w+ ){0,6}(?:and|but) (?:it|the problem) (?:came|still|never)`,
      `(?:botched|messed up|screwed up|never showed|no-show|didn't show|never came|didn't fix|never fixed|didn't even|never heard (?:back|from))`,
      `any good\\?|(?:try|trying|gonna|going to) (?:to )?(?:sell|upsell|push) (?:me|us)|sales ?pitch|horror stor|burned before|got burned|(?:somebody|someone|strangers?|people) (?:i|we) (?:don't|do not) know|(?:licensed|certified) (?:electrician|plumber|tech|technician)\\?`,
      `billing us|kept charging|took (?:them|him|her|the last guy) (?:\\w+ )?(?:visits|tries|trips|times)|find (?:\\w+ ){0,2}more (?:things|problems|stuff|issues)|one of those (?:deals|things|jobs) where`,
    ),
  ],
  { exclude: [`trust me|to be honest|honestly`] },
);

export const concernWarranty = family(
  'concern-warranty',
  says(
    `warrant(?:y|ies|eed)|guarantee(?:d|s)?|guaranty`,
    `(?:is|isn't|would|will|won't|should|shouldn't|does|doesn't) (?:that|it|this|the \\w+) (?:be )?(?:covered|cover)`,
    `covered|coverage|cover (?:it|that|this|the)`,
    `what if (?:it|that|this|the \\w+) (?:breaks|happens|goes|fails|stops|quits|leaks)`,
    `(?:breaks|happens|fails|goes out|quits) again`,
    `manufacturer|home warranty|extended (?:warranty|protection)`,
    `(?:stand behind|stand by) (?:your|the) work`,
  ),
);

export const concernSafety = family(
  'concern-safety',
  says(
    `smell(?:s|ed|ing)? (?:like )?(?:gas|burning|smoke|something burning|rotten eggs|sulfur|electrical|plastic)`,
    `gas (?:leak|smell|line)|burning (?:smell|plastic)|rotten egg`,
    `spark(?:s|ed|ing|y)?|smok(?:e|ing|ed|y)|scorch(?:ed|ing)?|melt(?:ed|ing)?|charred|singed|fire|flames?`,
    `carbon monoxide|co (?:alarm|detector)|detector (?:went off|is going off|keeps going off)|alarm (?:went off|is going off|keeps going off)`,
    `shock(?:ed|s)?|zapped|electrocut|live wire|exposed wires?`,
    `(?:hot|warm) to (?:the )?touch`,
    `dangerous|danger|unsafe|safe\\b|safety|hazard|scared|scary|worried it'?s? (?:going to|gonna)`,
    `(?:kids|children|baby|toddler|dog|dogs|cat|cats|pets?) (?:\\w+ ){0,4}(?:touch(?:es|ing)?|near|around|get into|gets into|get hurt|safe)`,
    `(?:buzzing|crackling|popping) (?:sound|noise)? ?(?:from|in)? ?(?:the )?(?:outlet|panel|breaker|switch|box)`,
    `flicker(?:ing|s)?`,
    `health|breathing|fumes|make (?:us|me|them) sick|mold|blow (?:us|the house|it|everything) up|explode|explosion|freak(?:s|ing)? me out|nervous|afraid`,
    `(?:outlet|panel|breaker|switch|plug|cord|wire|wall|cover plate)(?:'s| is| that's| that is)? (?:\\w+ ){0,3}(?:warm|hot)\\b|smell(?:s|ed|ing)? (?:\\w+ ){0,3}(?:hot plastic|burning|smoke|gas)`,
    `(?:burning|hot|electrical|gas|smoky|melting|scorched) (?:[\\w-]+ ){0,3}smell|(?:warm|hot) when (?:i|you) touch`,
  ),
);

export const concernMess = family('concern-mess', [
  ...says(
    `mess(?:y|es|ed)?|dirt(?:y)?|dust(?:y)?|mud(?:dy)?|debris|grime|sawdust|gunk|sludge|sewage|muck`,
    `(?:laminate|floor|floors|flooring|tile|tiles|hardwood|carpet|paint|wallpaper)(?:'s| is| are)? (?:\\w+ ){0,3}(?:lift|lifting|buckl(?:e|ed|ing)|peel(?:ing)?|bubbl(?:e|ing))`,
    `(?:water|it|sewage|stuff)(?:'s| is)? (?:\\w+ )?(?:everywhere|all over)`,
    `(?:torn|tear|tearing|ripped|rip) (?:up|out|open)|holes in (?:the|my|our)|warp(?:ed|ing)?`,
    `track(?:ed|ing)? (?:in|mud|dirt|stuff|through|everywhere|all over)|puff(?:ing|ed)? up|seeping under|cut into (?:the|my|our) (?:wall|floor|ceiling)|just (?:painted|refinished|put in new)`,
    `shoe covers|booties|drop cloths?|tarps?|floor protection|take (?:\\w+ )?shoes off|wear covers|footprints`,
    `(?:getting into|soaking into|seeping into|running (?:toward|towards|into|onto|down onto)|leaking onto|dripping onto) (?:the |my |our )?(?:\\w+ )?(?:hardwood|floor|floors|carpet|cabinet|cabinets|ceiling|wall|walls|subfloor|drywall)|swollen|buckled`,
    `(?:carpet|carpets|floor|floors|rug|walls?|drywall|ceiling|hardwood|tile|cabinets?|paint|furniture|yard|lawn|garden)(?:'s)? (?:\\w+ ){0,3}(?:damage|damaged|ruin|ruined|stain|stained|scratch|scratched|hole|holes|cut|torn up|dug up|wrecked|soaked|wet|warping|warped|coming down)`,
    `(?:damage|ruin|stain|scratch|wreck|tear up|dig up) (?:\\w+ ){0,2}(?:carpet|floors?|walls?|drywall|ceiling|hardwood|tile|yard|lawn|cabinets?)`,
    `clean(?:ed|ing)? up|clean up after|left (?:a |it )?(?:mess|dirty)|water (?:all over|everywhere|damage)`,
    `(?:floors?|carpets?|hardwood|sod|lawn|cabinets?|countertops?|rug|tile|kitchen|walls?)(?: \\w+){0,2} (?:redone|refinished|re-?done|replaced|installed|put in|painted|laid)|(?:brand new|just had|just got|just put in|just redid|just refinished|just painted|just laid|new) (?:\\w+ ){0,2}(?:floors?|carpets?|hardwood|sod|lawn|paint|cabinets?|countertops?|rug|tile|vinyl)`,
    `dig up|dug up|left a hole|hole in (?:the|my|his|her|our) (?:wall|drywall|ceiling|floor)|drag(?:ged)? (?:a|the) (?:ladder|dolly|unit|fridge|washer)|gouge[ds]?|scuff(?:s|ed)?|careful with (?:it|the|my|our)`,
  ),
  // A worry said through a negation: "I don't want my floors wrecked".
  ...saysNegative(
    `(?:don't|do not|wouldn't) want (?:\\w+ ){0,3}(?:wrecked|ruined|damaged|messed up|torn up|dirty|tracked|footprints|mud|a mess|dirt|gouged|scratched|stained)`,
  ),
]);

export const concernNoise = family(
  'concern-noise',
  says(
    `nois(?:e|es|y|ier|iest)|(?<!out )loud(?:er|ly)?|racket`,
    `bang(?:s|ed|ing)?|rattl(?:e|es|ed|ing)|squeal(?:s|ed|ing)?|screech(?:es|ed|ing)?|grind(?:s|ing)?|humm?(?:s|ing)?|buzz(?:es|ed|ing)?|whin(?:e|es|ing)|clank(?:s|ed|ing)?|clunk(?:s|ed|ing)?|thump(?:s|ed|ing)?|knock(?:s|ed|ing)|hiss(?:es|ed|ing)?|gurgl(?:e|es|ed|ing)|whistl(?:e|es|ed|ing)|squeak(?:s|ed|ing|y)?|screams?|screaming|shriek(?:s|ing)?|roar(?:s|ing)?|vibrat(?:e|es|ing|ion)|shak(?:e|es|ing)|chirp(?:s|ing)?|ticking|clicking|popping|groan(?:s|ing)?|moan(?:s|ing)?`,
    `(?:wake|woke|keeps?) (?:\\w+ )?(?:up|awake)`,
    `sounds like a (?:jet|train|freight|airplane|helicopter)`,
  ),
);

export const concernReliability = family(
  'concern-reliability',
  [
    ...says(
      `(?:broke|broken|died|dead|busted|shot|kaput|fried|failing|failed|gave out|gave up|went out|conked out|crapped out|quit|quits|on its last legs|acting up|on the fritz|giving (?:me|us) trouble|out of commission)`,
      `(?:again|third time|second time|fourth time|another time|keeps (?:\\w+ing)|every (?:year|summer|winter|month|week)|all the time|over and over|constantly|on and off|off and on|comes and goes|keep (?:having|getting))`,
      `(?:second|third|fourth|fifth) (?:\\w+ ){0,2}(?:we've|we have|i've|i have|in (?:\\w+ )?(?:years?|months?))`,
      `(?:did|does|happened|done) (?:this|that) (?:\\w+ ){0,2}(?:before|last (?:year|winter|summer|month))|last (?:winter|summer|year|month) too`,
      `burst|busted|cracked|blank|nothing(?:'s| is) (?:coming on|working|happening|turning on)|stopped (?:\\w+ing)`,
      `(?:\\d+|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|thirteen|fourteen|fifteen|sixteen|seventeen|eighteen|nineteen|twenty|thirty|forty|fifty)(?:[\\s-]\\w+)? (?:years?|yrs?)(?:[\\s-]old| old)`,
      `limping|on its last legs|borrowed time|struggling|barely (?:works|running|working|cooling|heating)|(?:waiting for|about to) (?:\\w+ ){0,4}(?:die|quit|fail|go out)|(?:was|came|is|it's) (?:right )?back (?:in|after|within)|coming out (?:of )?the bottom`,
      `(?:old|ancient|original|aging|older) (?:unit|system|furnace|heater|water heater|boiler|ac|a\\/c|air conditioner|panel|wiring|pipes?|compressor|fridge|refrigerator|washer|dryer|dishwasher|oven|stove|tank|pump)`,
      `worth (?:fixing|repairing|it)|replace (?:it|the whole)|just replace`,
      `(?:wicked|really|so|pretty|super|very) old|(?:bought|buy|installed|put in|got) (?:it|this|that|the \\w+) (?:only |just )?(?:\\w+ ){0,2}years? ago`,
      `trip(?:s|ped|ping)|blown fuse|frozen|froze|iced up|leak(?:s|ed|ing|y)?|drip(?:s|ped|ping|py)?`,
      `blowing (?:\\w+ ){0,2}(?:warm|hot|cold|lukewarm|room[\\s-]temperature) air|(?:lukewarm|cold) water`,
    ),
    ...saysNegative(
      `no (?:hot water|heat|ac|a\\/c|air|power|water pressure|pressure|cold air)`,
      `(?:doesn't|won't|isn't|not|can't|don't|wouldn't) (?:\\w+ ){0,5}anymore`,
      `(?:won't|wouldn't|doesn't|didn't|isn't|wasn't|aren't|not|never) (?:\\w+ )?(?:work|working|turn on|turning on|start|starting|cool|cooling|heat|heating|drain|draining|spin|spinning|ignite|light|flush|flushing|run|running|kick on|come on|shut off|stop|stay on|get cold|get hot|blow|blowing|keeping up)`,
    ),
  ],
  {
    exclude: [
      `(?:tripping|trip) (?:over|hazard)|road trip|(?:plan|drip) (?:irrigation)|dead to the world`,
      `if (?:it|that|this|something|anything) (?:\\w+ ){0,3}again|(?:got|get|have) it (?:\\w+ )?(?:working|spinning|running|going) again`,
    ],
  },
);
