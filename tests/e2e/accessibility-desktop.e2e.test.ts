/** Every public page and state on a laptop: no axe violations, no console or page errors (tests/e2e/support/accessibility.ts). */
import { describePublicPages } from './support/accessibility.ts';

await describePublicPages('desktop');
