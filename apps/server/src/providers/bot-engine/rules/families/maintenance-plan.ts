import { family, says } from './family.js';

// What a plan is called, with up to three words of name before it ("our Blue Ribbon membership",
// "the HomeShield agreement", "a service contract").
const PLAN_NOUN =
  "(?:maintenance|service|comfort|protection|care|priority|preferred|premier|premium|annual|yearly|tune-?up|vip|club|home|plumbing|electrical|hvac|peace-of-mind|[a-z][\\w'-]*) (?:plan|agreement|membership|club|program|contract|protection|pass|circle|plus|care|advantage|assurance|promise)s?";
const MEMBERSHIP = '(?:membership|memberships|club|service contract|maintenance agreement)';

/**
 * A maintenance plan offered or explained by the company side. Excluded: an existing member
 * ("since you're a member already"), payment plans and financing, "plan to", "floor plan".
 */
export const maintenancePlan = family(
  'maintenance-plan',
  [
    ...says(
      // an offer or a question about joining
      `(?:offer|have|got|do|run|recommend|suggest|mention|tell you about|sign you up for|put you on|enroll you in|get you on|get you into|interested in|consider|look at|think about|add|set you up with|there's|there is|it's called|call it|with) (?:\\w+ ){0,3}${PLAN_NOUN}`,
      `(?:offer|have|got|do|run|recommend|suggest|tell you about|sign you up for|interested in|there's|it's called|call it|with) (?:\\w+ ){0,3}${MEMBERSHIP}`,
      `(?:become|becoming|be) a (?:\\w+ ){0,2}member`,
      `(?:sign|signed|signing) (?:you )?up`,
      `(?:join|joining|enroll|enrolling) (?:the |our )?(?:\\w+ ){0,2}(?:club|plan|program|membership)`,
      // what the plan gets you
      `${PLAN_NOUN} (?:covers|includes|gets you|gives you|comes with|is|would|runs|costs|where|that)`,
      `${MEMBERSHIP} (?:covers|includes|gets you|gives you|comes with|is|would|runs|costs|where|that)`,
      `(?:members|plan members|club members) (?:get|save|pay|receive)`,
      `(?:as|for) a member,? you(?:'d| would)? (?:get|save|pay)`,
      // the plan described without its name
      `(?:program|plan) where we (?:come|come out|check|service)`,
      `we (?:come|swing|stop) (?:out |by )?(?:twice|two times|once) a year`,
      `we (?:come|swing|stop) (?:out |by )?(?:every )?(?:spring and fall|fall and spring|every (?:spring|fall|year|six months))`,
      `(?:we offer|we have|we've got|there's|we do) (?:what we call|something called|a thing called|this thing called|a program called|one called)`,
      `(?:has|have|offers?|sells?) (?:a|an|our|the) (?:[\\w-]+ ){0,3}(?:plan|membership|agreement|club|program|pass|contract)s?\\b(?! (?:is|was) to)`,
      `(?:qualify for|eligible for|part of|add the|sign up for the) (?:our |the )?(?:[\\w-]+ ){0,3}(?:membership|club|plan|agreement|pass|program)`,
      `(?:once|twice) a year,? (?:i|we) (?:come|swing|stop)|(?:let us|have us) (?:come|swing|stop) (?:out |by )?(?:twice|once|every)`,
      `(?:we have|we offer|we've got|we do|there's) (?:an? )?(?:option|yearly thing|annual thing|yearly visit|annual visit|yearly check|annual check|program|plan|thing) (?:where|that|for)`,
      `(?:heard of|it's our|that's our|is our) (?:\\w+ ){0,3}(?:plan|club|membership|program|agreement|protection)`,
      `(?:it's|that's) what (?:\\w+ ){1,3}is for`,
      `two (?:tune-?ups|visits|checkups|inspections) a year`,
      `(?:it's|this is|that's) called (?:the |our )?[a-z][\\w'-]* (?:[a-z][\\w'-]* )?(?:care|plus|circle|club|pass|program|plan|advantage|assurance|promise|protection|membership|agreement)`,
      `put you on (?:our|the) (?:\\w+ )?list (?:to|for|where)`,
      `(?:come|swing|stop|be) (?:back |out |by )?(?:twice|two times|once|every (?:spring|fall|year|six months|\\w+ months)) (?:a |per |and )?(?:year|spring|fall)?`,
      `(?:for|to) (?:our |plan |club )?members,? we`,
    ),
  ],
  {
    exclude: [
      `(?:you're|you are|you've been|since you're|because you're) (?:already |still )?(?:a |one of our )?(?:\\w+ )?members?`,
      `already (?:a |on |in |have |got )?(?:\\w+ ){0,2}(?:member|plan|membership|club|agreement)`,
      `your (?:\\w+ ){0,2}(?:membership|plan|agreement) (?:covers|includes|is|already)`,
      `(?:with|under|on|through|part of) your (?:\\w+ ){0,2}(?:membership|plan|agreement|club)`,
      `rebates?`,
      `being (?:in|on) (?:the|our|your) (?:\\w+ )?(?:club|plan|program|membership)`,
      `(?:payment|financing|finance|monthly payment|installment|floor|game|action|business|cell|phone|data|insurance|health|dental|meal|lesson) plans?`,
      `plan(?:ned|ning)? (?:to|on)`,
      `the plan (?:is|was|would be)|my plan|(?:our|the) plan is to`,
      `financing|finance it|zero percent|interest-free|0%`,
    ],
  },
);
