/**
 * The vocabulary the evaluation gives the engine: what an HVAC-and-plumbing company would list on
 * its settings page, written from the trade (not picked by what the recogniser gets wrong). Some
 * terms are said in the demo clips, some are not (a real list is longer than any one call): those
 * show whether a learned word turns up where nobody said it.
 */
export const EVAL_VOCABULARY: readonly string[] = [
  // The companies of the demo data.
  'Acme Home Services',
  'Globex Plumbing',
  // HVAC.
  'run capacitor',
  'compressor',
  'flame sensor',
  'heat exchanger',
  'short cycling',
  'carbon monoxide',
  'smart thermostat',
  'common wire',
  'Wi-Fi',
  'maintenance plan',
  'diagnostic fee',
  'central air',
  'in-home estimate',
  'condensate',
  'flue',
  'PRV',
  'recirc pump',
  'Carrier Infinity',
  'SEER',
  'TXV',
  'ductless mini split',
  // Plumbing.
  'water heater',
  'tankless',
  'cartridge',
  'supply line',
  'root intrusion',
  'main line',
  'floor drain',
  'sewer camera',
  'backflow preventer',
  'sump pump',
  'PEX',
  'Navien',
];
