/** Word lists of the demo CRM's records (people's names come from the demo seed's lists). */

export const COMMERCIAL_NAMES = {
  first: [
    'Harbor View',
    'Maple Ridge',
    'Summit',
    'Lakeside',
    'Pioneer',
    'Riverside',
    'Oak Hollow',
    'Sunset',
    'Granite Peak',
    'Cedar Park',
    'Bayfront',
    'Northgate',
  ],
  second: [
    'Apartments',
    'Property Management',
    'Dental Group',
    'Medical Center',
    'Bistro',
    'Self Storage',
    'Office Park',
    'Hotel',
    'Elementary School',
    'Fitness Club',
    'Senior Living',
    'Auto Care',
  ],
} as const;

export const STREETS = [
  'Oak',
  'Maple',
  'Pine',
  'Cedar',
  'Elm',
  'Washington',
  'Lincoln',
  'Park',
  'Lake',
  'Hillside',
  'Sunset',
  'Meadow',
  'River',
  'Highland',
  'Forest',
  'Church',
] as const;

export const STREET_SUFFIXES = ['St', 'Ave', 'Blvd', 'Dr', 'Ln', 'Rd', 'Ct', 'Way'] as const;

/** Real US cities with one of their ZIP codes, so addresses look right on a map. */
export const CITIES = [
  { city: 'Austin', state: 'TX', zipcode: '78704' },
  { city: 'Dallas', state: 'TX', zipcode: '75206' },
  { city: 'Phoenix', state: 'AZ', zipcode: '85016' },
  { city: 'Denver', state: 'CO', zipcode: '80220' },
  { city: 'Atlanta', state: 'GA', zipcode: '30307' },
  { city: 'Charlotte', state: 'NC', zipcode: '28205' },
  { city: 'Nashville', state: 'TN', zipcode: '37206' },
  { city: 'Columbus', state: 'OH', zipcode: '43214' },
  { city: 'Tampa', state: 'FL', zipcode: '33606' },
  { city: 'Sacramento', state: 'CA', zipcode: '95819' },
] as const;

/** Second locations of commercial customers. */
export const SITE_NAMES = ['Warehouse', 'North Branch', 'Annex', 'Service Yard'] as const;

/** US area codes for technicians' phones (the numbers themselves are in the fictional 555-01xx range). */
export const AREA_CODES = [
  '512',
  '214',
  '602',
  '303',
  '404',
  '704',
  '615',
  '614',
  '813',
  '916',
] as const;
