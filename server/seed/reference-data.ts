/**
 * Real Manitoba communities served, each in one of the eight delivery regions of the logistics page.
 * Order matters: the home page shows the first 14 as cards.
 */
import type { City, Region } from '#app/modules/site/reference.ts';

const city = (slug: string, name: string, region: Region): City => ({ slug, name, region });

export const CITIES: readonly City[] = [
  city('winnipeg', 'Winnipeg', 'Winnipeg Metro'),
  city('brandon', 'Brandon', 'Brandon Region'),
  city('steinbach', 'Steinbach', 'Steinbach Region'),
  city('portage-la-prairie', 'Portage la Prairie', 'Portage Plains'),
  city('winkler', 'Winkler', 'Central Manitoba'),
  city('selkirk', 'Selkirk', 'Interlake Area'),
  city('morden', 'Morden', 'Central Manitoba'),
  city('dauphin', 'Dauphin', 'Parkland Region'),
  city('altona', 'Altona', 'Central Manitoba'),
  city('stonewall', 'Stonewall', 'Interlake Area'),
  city('niverville', 'Niverville', 'Steinbach Region'),
  city('gimli', 'Gimli', 'Interlake Area'),
  city('neepawa', 'Neepawa', 'Brandon Region'),
  city('virden', 'Virden', 'Brandon Region'),
  city('beausejour', 'Beausejour', 'Eastern Manitoba'),
  city('carman', 'Carman', 'Central Manitoba'),
  city('morris', 'Morris', 'Central Manitoba'),
  city('souris', 'Souris', 'Brandon Region'),
  city('carberry', 'Carberry', 'Brandon Region'),
  city('swan-river', 'Swan River', 'Parkland Region'),
  city('roblin', 'Roblin', 'Parkland Region'),
  city('russell', 'Russell', 'Parkland Region'),
  city('teulon', 'Teulon', 'Interlake Area'),
  city('arborg', 'Arborg', 'Interlake Area'),
  city('pinawa', 'Pinawa', 'Eastern Manitoba'),
  city('lac-du-bonnet', 'Lac du Bonnet', 'Eastern Manitoba'),
  city('whitemouth', 'Whitemouth', 'Eastern Manitoba'),
  city('ste-anne', 'Ste. Anne', 'Steinbach Region'),
  city('grunthal', 'Grunthal', 'Steinbach Region'),
  city('la-broquerie', 'La Broquerie', 'Steinbach Region'),
  city('macgregor', 'MacGregor', 'Portage Plains'),
  city('gladstone', 'Gladstone', 'Portage Plains'),
  city('headingley', 'Headingley', 'Winnipeg Metro'),
  city('east-st-paul', 'East St. Paul', 'Winnipeg Metro'),
  city('west-st-paul', 'West St. Paul', 'Winnipeg Metro'),
  city('oakbank', 'Oakbank', 'Winnipeg Metro'),
];
