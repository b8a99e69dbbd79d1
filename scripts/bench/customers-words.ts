/**
 * The words of scripts/bench/customers-data.ts's load: names, fleets, equipment and parts, the
 * texts out and in and the quote-page questions, and the hash that picks among them.
 */

export const FIRST = [
  'Dale',
  'Brenda',
  'Kyle',
  'Marcel',
  'Tanya',
  'Gord',
  'Priya',
  'Ravi',
  'Colleen',
  'Wes',
  'Amanda',
  'Jean-Guy',
  'Lorne',
  'Shelley',
  'Darnell',
  'Katie',
  'Ole',
  'Minh',
  'Harpreet',
  'Travis',
];
export const LAST = [
  'Friesen',
  'Penner',
  'Thiessen',
  'Klassen',
  'Dueck',
  'Martens',
  'Gauthier',
  'Sigurdson',
  'Nguyen',
  'Singh',
  'McLeod',
  'Bergen',
  'Chartrand',
  'Wiebe',
  'Olafson',
  'Kowalchuk',
  'Bouchard',
  'Reimer',
];
export const FLEET_NAMES = [
  'Prairie Haul',
  'Red River Grain',
  'Interlake Aggregates',
  'Westman Ag',
  'North Perimeter Towing',
];
export const EQUIPMENT = ['truck', 'trailer', 'ag', 'skidsteer', 'other'] as const;
export const MAKES = ['Freightliner', 'Wabash', 'John Deere', 'Bobcat', 'Kubota'] as const;
export const PARTS = [
  'air dryer cartridge',
  'hub seal kit',
  'hydraulic pump',
  'leaf spring pack',
  'alternator',
  'brake chamber',
  'PTO shaft',
  'turbo actuator',
  'LED tail light',
  'fuel injector',
];
export const OUT_TEXTS = [
  'Thanks for your request {case}. We are finding your {part} and will text you a quote shortly.',
  'Your quote {case} for the {part} is ready. See it and choose here: https://example.com/q/abc Reply YES to order.',
  'Good news: your {part} ({case}) has shipped from the supplier. We will text you when it arrives.',
  'Your {part} is in and ready for pickup at the shop, 8 to 5 weekdays. Case {case}.',
  'Hi, just checking you got the quote for the {part}. Any questions, reply here.',
  'We found two options for the {part}: OEM in 3 days or aftermarket tomorrow. Which would you like?',
];
export const IN_TEXTS = [
  'Yes please go ahead with the {part}',
  'How long for the {part}? Truck is down until it comes in',
  'Can you do any better on the price? Found one for less in Brandon',
  'Is that the OEM one or aftermarket',
  'Ok thanks. I will swing by Thursday afternoon to pick it up',
  'Sent a photo of the tag, part number is on it',
  'Do you deliver out to Steinbach?',
];
export const QUESTIONS = [
  'Does the {part} come with the gaskets or do I need to order those separately?',
  'What is the warranty on the aftermarket option?',
  'Can I pay when I pick it up?',
  'Will this fit a 2014 with the extended cab?',
];

/** A well-spread hash of small integers, uint32: choices that must not follow `j`'s residues (the
 * fleet accounts' leads are every 20th). */
export function mix(...values: number[]): number {
  let h = 0x811c9dc5;
  for (const v of values) {
    h = Math.imul(h ^ v, 0x01000193);
    h ^= h >>> 15;
    h = Math.imul(h, 0x2c1b3c6d);
    h ^= h >>> 12;
  }
  return h >>> 0;
}

export const fill = (text: string, lead: { caseNumber: string; part: string }) =>
  text.replace('{case}', lead.caseNumber).replace('{part}', lead.part);
