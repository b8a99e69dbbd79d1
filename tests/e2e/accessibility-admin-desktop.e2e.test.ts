/**
 * Every back-office screen and the sign-in form on a laptop: no axe violations, no console or page
 * errors, no layout shift, nothing off the screen's width (tests/e2e/support/accessibility.ts).
 */
import { describeBackOffice } from './support/accessibility.ts';

describeBackOffice('desktop');
