/**
 * Demo blog posts (SEED_DEMO): three published articles and one draft, written for Manitoba
 * farmers, fleets and contractors. Bodies use only the tags the sanitizer keeps.
 */
import type { BlogStatus } from '#app/modules/blog/blog.ts';
import type { ArtKind } from './demo-art.ts';

export type DemoBlogPost = {
  slug: string;
  title: string;
  excerpt: string;
  content: string;
  tags: string[];
  category: string;
  status: BlogStatus;
  /** Days before the seed time; null for a draft. */
  publishedDaysAgo: number | null;
  metaTitle?: string;
  metaDescription?: string;
  isFeatured?: boolean;
  cityFocus?: string[];
  equipmentFocus?: string[];
  localKeywords?: string[];
  /** Part category whose colours the header picture uses, and the two drawings on it. */
  imageCategory: string;
  art: readonly [ArtKind, ArtKind];
};

/** Blocks are separated by blank lines, as the editor saves them. */
const html = (...blocks: string[]) => blocks.join('\n\n');

export const DEMO_POSTS: readonly DemoBlogPost[] = [
  {
    slug: 'how-to-identify-a-trailer-axle-by-its-tag',
    title: 'How to Identify a Trailer Axle by Its Tag',
    excerpt:
      'The tag on the axle tube tells you almost everything you need to order a replacement. Here is where to find it, what it means, and what to measure when it is gone.',
    tags: ['Trailer Axles', 'Parts Identification', 'Trailers'],
    category: 'Buying Guides',
    status: 'published',
    publishedDaysAgo: 38,
    metaTitle: 'How to Identify a Trailer Axle by Its Tag | Manitoba Trailer Parts',
    metaDescription:
      'Find and read the axle tag, or measure hub face, spring centres, bolt pattern and brakes to order the right trailer axle in Manitoba.',
    cityFocus: ['winnipeg', 'steinbach', 'winkler'],
    equipmentFocus: ['trailer'],
    localKeywords: ['trailer axle Manitoba', 'Dexter axle Winnipeg'],
    imageCategory: 'trailer-parts',
    art: ['axle', 'hub'],
    content: html(
      '<p>When a trailer axle bends, a bearing cooks or a brake magnet quits halfway to the field, the fastest fix is the exact replacement. The good news: most axles tell you what they are, if you know where to look. Here is how we identify an axle from its tag, and what to measure when the tag is long gone.</p>',
      '<h2>Where to find the tag</h2>',
      '<p>Most axle makers, including Dexter, Lippert and AL-KO, put an identification label or a stamped plate on the axle tube. Look along the tube between the spring seats, usually facing the rear or the ground. On older axles the sticker may be hiding under road grime, so a rag and some brake cleaner help. Some manufacturers also stamp a serial number on a spring seat or near the spindle.</p>',
      '<h2>What the tag tells you</h2>',
      '<p>A readable tag normally gives you:</p>',
      '<ul><li><strong>Part or model number:</strong> the single most useful piece of information. With it we can usually confirm the whole axle build in minutes.</li><li><strong>Capacity:</strong> the rated load of the axle, such as 3,500 lb, 5,200 lb or 7,000 lb.</li><li><strong>Serial number and build date:</strong> helpful when a design changed partway through a model year.</li><li><strong>Brake type:</strong> electric, hydraulic or none (an idler axle).</li></ul>',
      '<p>Take a clear, straight-on photo of the tag in daylight. If part of it is worn, photograph it anyway: a partial number plus a few measurements is often enough.</p>',
      '<h2>No tag? Measure these five things</h2>',
      '<p>Tags fade, peel and rust away, especially on trailers that see road salt every winter. When there is nothing left to read, these measurements identify almost any axle:</p>',
      '<ol><li><strong>Hub face:</strong> the distance between the wheel-mounting faces of the two hubs, measured across the trailer.</li><li><strong>Spring centres:</strong> the distance between the centres of the two leaf springs or spring seats.</li><li><strong>Bolt pattern:</strong> the number of studs and the circle they sit on, for example 5 on 4.5 in, 6 on 5.5 in or 8 on 6.5 in.</li><li><strong>Brake size:</strong> drum diameter and shoe width, such as 10 x 2-1/4 in or 12 x 2 in. It is often cast into the backing plate.</li><li><strong>Tube size and shape:</strong> round or square, and its outside diameter.</li></ol>',
      '<p>Also note whether the spindle is straight or <em>drop</em> (it sits above the tube centre to lower the trailer), and whether the spring seats are welded over or under the axle.</p>',
      '<h2>Bearings give you another clue</h2>',
      '<p>If the hub is already off, the numbers on the bearing cups and cones narrow things down quickly. Common pairs are L68149 and L44649 on many 3,500 lb axles, and 25580 and 15123 on many 5,200 to 7,000 lb axles. Write down the numbers from both the inner and the outer bearing, since mixed sets turn up more often than you would think.</p>',
      '<h2>Replace the axle or just the worn parts?</h2>',
      '<p>A bent tube, or a spindle that has been welded or overheated, means a new axle. Worn bearings, seals, brakes and springs can be replaced on their own, and many hubs come as complete hub-and-drum assemblies with the bearings already installed. On tandem trailers, replace springs and brakes in pairs so the trailer sits level and stops straight.</p>',
      '<h2>Send it our way</h2>',
      '<p>Snap the tag, the hubs and a tape measure across the spring centres, and <a href="/find-my-part">send us your request</a>. Manitoba customers usually get a quote the same day, and common axles and hubs ship in one to three days.</p>',
    ),
  },
  {
    slug: 'photo-tips-that-get-you-a-parts-quote-in-minutes',
    title: 'Photo Tips That Get You a Parts Quote in Minutes',
    excerpt:
      'Four or five good photos from your phone are usually all we need to find your part. Here is what to shoot, and how to make every picture count.',
    tags: ['Quotes', 'Part Numbers', 'How-To'],
    category: 'How-To',
    status: 'published',
    publishedDaysAgo: 17,
    equipmentFocus: ['truck', 'trailer', 'ag', 'skidsteer'],
    localKeywords: ['parts quote Manitoba', 'find a part by photo'],
    imageCategory: 'safety-compliance',
    art: ['camera', 'lamp'],
    content: html(
      '<p>Most of the time, good photos are all it takes to identify a part: no trip to town and no guessing over the phone. About 80% of the requests we receive can be quoted from photos alone. The rest usually need just one more picture, so here is how to get it right the first time.</p>',
      '<h2>1. Start with the whole machine</h2>',
      '<p>One photo of the complete truck, trailer or implement tells us a lot: the make, the style and sometimes the year. Step back far enough to get the whole thing in the frame.</p>',
      '<h2>2. Find the data plate or serial tag</h2>',
      '<p>The serial tag is the most valuable photo you can send. Look for:</p>',
      '<ul><li><strong>Trucks:</strong> the door-jamb sticker with the VIN and build date.</li><li><strong>Trailers:</strong> the VIN plate on the tongue or front cross-member, and the tag on the axle tube.</li><li><strong>Farm equipment and skid steers:</strong> the serial plate on the frame, usually near the operator station or the hitch.</li><li><strong>Cylinders, pumps and motors:</strong> the stamped or tagged number on the body.</li></ul>',
      '<p>Wipe off dirt and grease first, and shoot straight on so the numbers are not distorted. If there is glare, tilt the phone slightly or shade the tag with your hand.</p>',
      '<h2>3. Show the part in place</h2>',
      '<p>Take a photo of the part where it mounts, from a little distance, so we can see what connects to it. The hoses, brackets and wiring around a part often confirm which version it is.</p>',
      '<h2>4. Put a tape measure in the picture</h2>',
      '<p>For anything with a size (hoses, cylinders, cutting edges, belts and springs), lay a tape measure or ruler across the part and photograph it with the numbers readable. The most useful measurements are:</p>',
      '<ul><li>Length and width, plus thickness for flat parts</li><li>Bolt-hole spacing and diameter</li><li>Shaft or pin diameter</li><li>Hose inside diameter and the thread size of its fittings</li></ul>',
      '<h2>5. Close-ups of damage and numbers</h2>',
      '<p>Get close on any casting numbers, part numbers and the damage itself. Several angles of a cracked housing or a worn spline help us tell whether you need the whole part or just a repair kit.</p>',
      '<h2>Light and focus</h2>',
      '<p>Daylight beats a flashlight. Tap the screen to focus on the tag before you shoot, and hold still for a second. If a photo looks blurry on your phone, it will look worse on ours. Skip the digital zoom and move closer instead.</p>',
      '<h2>Add the basics</h2>',
      '<p>Along with the photos, tell us the make, model and year, what the part does, and how soon you need it. If the machine is down today, <strong>say so</strong>: emergency repairs go to the front of the line.</p>',
      '<h2>Send it</h2>',
      '<p>Upload up to six photos with <a href="/find-my-part">the request form</a> or text them to us. We reply within 20 minutes during business hours, and every quote is good for 48 hours.</p>',
    ),
  },
  {
    slug: 'getting-your-snow-plow-ready-for-a-manitoba-winter',
    title: 'Getting Your Snow Plow Ready for a Manitoba Winter',
    excerpt:
      'An afternoon of checks in the fall saves a night of roadside repairs in January. Our pre-season checklist for plow hydraulics, wear parts, lights and the truck itself.',
    tags: ['Snow Plows', 'Winter Prep', 'Hydraulics', 'Maintenance'],
    category: 'Maintenance',
    status: 'published',
    publishedDaysAgo: 4,
    metaTitle: 'Snow Plow Pre-Season Checklist for Manitoba Winters',
    metaDescription:
      'Hydraulic fluid, cylinders, cutting edges, trip springs, lights and a spares kit: get your plow ready before the first Manitoba snowfall.',
    isFeatured: true,
    cityFocus: ['winnipeg', 'brandon', 'portage-la-prairie'],
    equipmentFocus: ['truck'],
    localKeywords: ['snow plow parts Manitoba', 'plow cutting edge Winnipeg'],
    imageCategory: 'snow-ice',
    art: ['plow', 'cylinder'],
    content: html(
      '<p>The first real snowfall in Manitoba rarely gives much warning. One week you are finishing harvest or the last paving job, the next you are pushing wet snow at 5 a.m. with a plow that has sat in the yard since April. An afternoon of checks now saves a lot of roadside repairs in January.</p>',
      '<h2>Start with the hydraulics</h2>',
      '<p>Most plow failures we hear about in the first storm are hydraulic. Before the season:</p>',
      '<ul><li><strong>Change the fluid.</strong> Moisture collects in the reservoir over the summer and freezes in the lines at minus 30. Use the cold-weather fluid your plow maker specifies, not whatever is on the shop shelf.</li><li><strong>Check the angle and lift cylinders</strong> for weeping seals, pitted rods and bent clevis pins. A leaking cylinder only gets worse in the cold.</li><li><strong>Inspect every hose</strong> for cracked covers, rubbing spots and fittings crusted with old fluid. Carry at least one spare.</li><li><strong>Test the pump motor and solenoid</strong> with the truck running. A slow lift often points to a weak ground or a tired solenoid rather than the pump itself.</li></ul>',
      '<h2>Cutting edge and wear parts</h2>',
      '<p>The cutting edge protects the moldboard. Once it is worn close to the moldboard, or unevenly from one end to the other, replace it before the season instead of during it. Check the edge bolts too: rounded heads and stretched bolts are a pain to remove with frozen hands. Plow shoes, markers and deflectors are cheap to replace and easy to forget.</p>',
      '<h2>Trip springs, pins and the mount</h2>',
      '<p>Trip springs should snap the blade back upright after it trips. Weak or stretched springs let the blade fold over on hard-packed snow. Grease every pivot, replace worn pins and bushings, and check the truck-side mount for cracked welds. A mount that flexes will eventually crack a frame bracket.</p>',
      '<h2>Lights and wiring</h2>',
      '<p>Plow lights take a beating from salt and slush. Clean the harness plugs, coat the contacts with dielectric grease and check every function: high beam, low beam, turn signals and park lamps. Replace cracked lenses now, because water inside a headlight turns to ice overnight.</p>',
      '<h2>The truck matters too</h2>',
      '<ul><li>Test the battery and charging system: a plow pump draws heavy current.</li><li>Check front-end parts and springs, since the plow adds hundreds of pounds to the front axle.</li><li>Keep a warning beacon on the cab, and make sure it works before the first call-out.</li></ul>',
      '<h2>Build a small spares kit</h2>',
      '<p>A few parts in a tote behind the seat can save a whole night of work:</p>',
      '<ol><li>Cutting edge bolts and nuts</li><li>A spare hydraulic hose and a couple of fittings</li><li>Pins, clips and a trip spring</li><li>Fuses, a motor solenoid and a roll of electrical tape</li><li>A litre of the right hydraulic fluid</li></ol>',
      '<h2>Need parts before the snow flies?</h2>',
      '<p>Send a photo of the serial tag on your plow and the part you need, and <a href="/find-my-part">we will track it down</a>. Cutting edges, cylinders, hoses and lights for common plows usually ship within a few days anywhere in Manitoba.</p>',
    ),
  },
  {
    slug: 'hydraulic-hose-failures-spotting-trouble-before-it-blows',
    title: 'Hydraulic Hose Failures: Spotting Trouble Before It Blows',
    excerpt:
      'Hoses give plenty of warning before they let go. What to look for on loaders, tractors and dump boxes, and how to order the right replacement.',
    tags: ['Hydraulics', 'Hoses', 'Maintenance'],
    category: 'Maintenance',
    status: 'draft',
    publishedDaysAgo: null,
    equipmentFocus: ['ag', 'skidsteer', 'truck'],
    imageCategory: 'hydraulics-fittings',
    art: ['hose', 'coupler'],
    content: html(
      '<p>A hydraulic hose rarely fails without warning. On loaders, tractors, dump boxes and plows, the signs show up weeks before the hose lets go, usually at the worst possible time. Here is what to look for and how to replace a hose the right way.</p>',
      '<h2>Warning signs</h2>',
      '<ul><li><strong>Cracked or weathered cover:</strong> sunlight, ozone and cold crack the outer cover. Once the wire reinforcement is exposed, it rusts and weakens.</li><li><strong>Abrasion:</strong> hoses that rub on the frame or on each other wear through. Look for shiny spots and flattened sections.</li><li><strong>Bulges or blisters:</strong> a sign the inner tube has leaked into the reinforcement. Replace the hose right away.</li><li><strong>Wet fittings:</strong> oil around a crimped ferrule usually means the hose is pulling out of the fitting.</li><li><strong>Kinks and tight bends:</strong> a hose bent tighter than its minimum bend radius fails early at the bend.</li></ul>',
      '<h2>Safety first</h2>',
      '<p><strong>Never run your hand along a pressurized hose to find a leak.</strong> A pinhole leak can inject fluid under the skin, which is a medical emergency. Use a piece of cardboard instead, lower every implement to the ground and relieve the pressure before loosening any fitting.</p>',
      '<h2>Ordering the right replacement</h2>',
      '<p>A replacement hose needs five pieces of information, often remembered as STAMP:</p>',
      '<ol><li><strong>Size:</strong> the inside diameter, such as 1/4, 3/8 or 1/2 in.</li><li><strong>Temperature:</strong> of the fluid and of the surroundings; Manitoba winters matter here.</li><li><strong>Application:</strong> what the hose does and how it is routed.</li><li><strong>Media:</strong> the fluid it carries, usually hydraulic oil.</li><li><strong>Pressure:</strong> the working pressure of the system, including spikes.</li></ol>',
      '<p>Add the fitting types at both ends (JIC, O-ring boss, NPT or flat-face) and the overall length measured from end to end, including the fittings.</p>',
      '<h2>Routing tips</h2>',
      '<p>Leave a little slack, because hoses shorten slightly under pressure. Clamp hoses away from hot exhaust parts and sharp edges, and add an abrasion sleeve wherever a hose has to cross a frame member. Do not twist the hose while tightening the fittings: the printed lay line should stay straight.</p>',
      '<h2>Quick couplers</h2>',
      '<p>Worn couplers leak and let dirt into the system. Replace both halves together, keep the dust caps on, and wipe the tips clean before connecting. Most tractors and implements use ISO 7241-A couplers, while skid steer attachments often use flat-face couplers.</p>',
      '<h2>Get it built</h2>',
      '<p>Send us a photo of the old hose with a tape measure alongside and a close-up of each fitting. We will quote the assembly and ship it ready to install.</p>',
    ),
  },
];

/** Words of the visible text, for the read time. */
export function wordCount(content: string): number {
  const text = content
    .replace(/<[^>]*>/g, ' ')
    .replace(/&[a-z]+;/g, ' ')
    .trim();
  return text ? text.split(/\s+/).length : 0;
}

/** Minutes at about 200 words a minute, at least 1. */
export function readTimeMinutes(content: string): number {
  return Math.max(1, Math.round(wordCount(content) / 200));
}
