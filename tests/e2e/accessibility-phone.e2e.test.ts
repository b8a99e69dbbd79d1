/** Every public page and state on a phone: no axe violations, no console or page errors (tests/e2e/support/accessibility.ts). */
import { describePublicPages } from './support/accessibility.ts';

await describePublicPages('phone');
