/** Option lists behind GET /api/data; ids are fixed so that every installation agrees. */

// Names start with the word the client matches against a timezone lookup (spec §5 company form).
export const TIMEZONES = [
  { id: 1, name: 'Eastern Time (US & Canada)', iana: 'America/New_York' },
  { id: 2, name: 'Central Time (US & Canada)', iana: 'America/Chicago' },
  { id: 3, name: 'Mountain Time (US & Canada)', iana: 'America/Denver' },
  { id: 4, name: 'Pacific Time (US & Canada)', iana: 'America/Los_Angeles' },
  { id: 5, name: 'Alaska Time', iana: 'America/Anchorage' },
  { id: 6, name: 'Hawaii-Aleutian Time', iana: 'Pacific/Honolulu' },
  { id: 7, name: 'Arizona Time (no DST)', iana: 'America/Phoenix' },
  { id: 8, name: 'Atlantic Time (Canada)', iana: 'America/Halifax' },
  { id: 9, name: 'Newfoundland Time', iana: 'America/St_Johns' },
  { id: 10, name: 'Saskatchewan Time (no DST)', iana: 'America/Regina' },
] as const;

export const INDUSTRIES = [
  { id: 1, name: 'HVAC' },
  { id: 2, name: 'Plumbing' },
  { id: 3, name: 'Electrical' },
  { id: 4, name: 'Roofing' },
  { id: 5, name: 'Pest Control' },
  { id: 6, name: 'Landscaping' },
  { id: 7, name: 'Cleaning Services' },
  { id: 8, name: 'Appliance Repair' },
  { id: 9, name: 'Garage Doors' },
  { id: 10, name: 'Solar' },
] as const;

const TRADE_NAMES: Record<number, string[]> = {
  1: ['Installation', 'Maintenance', 'Repair', 'Duct Cleaning', 'Indoor Air Quality'],
  2: ['Drain Cleaning', 'Water Heaters', 'Leak Detection', 'Sewer Repair', 'Repiping'],
  3: ['Panel Upgrades', 'Wiring', 'Lighting', 'EV Chargers', 'Generators'],
  4: ['Roof Inspection', 'Roof Repair', 'Roof Replacement', 'Gutters'],
  5: ['General Pest', 'Termite', 'Rodent', 'Mosquito'],
  6: ['Lawn Care', 'Irrigation', 'Tree Service', 'Hardscaping'],
  7: ['Residential Cleaning', 'Commercial Cleaning', 'Carpet Cleaning', 'Window Cleaning'],
  8: ['Refrigerators', 'Washers and Dryers', 'Ovens and Ranges', 'Dishwashers'],
  9: ['Door Installation', 'Openers', 'Springs and Cables'],
  10: ['Panel Installation', 'Battery Storage', 'Solar Maintenance'],
};

/** Trade ids are industry * 100 + position, e.g. HVAC Repair = 103. */
export const TRADES = Object.entries(TRADE_NAMES).flatMap(([industryId, names]) =>
  names.map((name, i) => ({
    id: Number(industryId) * 100 + i + 1,
    industryId: Number(industryId),
    name,
  })),
);

export const COMPANY_TYPES = [
  { id: 1, name: 'Residential' },
  { id: 2, name: 'Commercial' },
  { id: 3, name: 'Residential and Commercial' },
] as const;
