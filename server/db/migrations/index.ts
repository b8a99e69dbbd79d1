/**
 * Every migration, in order. Migrations only move forward; a new one gets the next number.
 * They are listed in code (not read from disk) so the same list runs everywhere.
 */
import type { Kysely } from 'kysely';
import type { Migration, MigrationProvider } from 'kysely/migration';
import type { Engine } from '../engine.ts';
import { initial } from './0001-initial.ts';
import { catalogListing } from './0003-catalog-listing.ts';
import { leadBoard } from './0004-lead-board.ts';
import { sms } from './0005-sms.ts';
import { sharedLimits } from './0006-shared-limits.ts';
import { contentVersion } from './0007-content-version.ts';
import { blogBodyHtml } from './0008-blog-body-html.ts';
import { insights } from './0009-insights.ts';
import { quoteLink } from './0010-quote-link.ts';
import { orders } from './0011-orders.ts';
import { team } from './0012-team.ts';
import { customers } from './0013-customers.ts';
import { conversationIndexes } from './0014-conversation-indexes.ts';
import { insightDays } from './0015-insight-days.ts';
import { textLimits } from './0016-text-limits.ts';
import { idempotencyKeys } from './0017-idempotency-keys.ts';
import { signInThrottle } from './0018-sign-in-throttle.ts';
import { insightMarksPerTransaction } from './0019-insight-marks-per-transaction.ts';
import { nameChecks } from './0020-name-checks.ts';
import { shortPartName } from './0021-short-part-name.ts';
import { accounts } from './0022-accounts.ts';
import { passkeys } from './0023-passkeys.ts';
import { push } from './0024-push.ts';
import { idempotencyKeep } from './0025-idempotency-keep.ts';

export function migrationProvider(engine: Engine): MigrationProvider {
  const migrations: Record<string, Migration> = {
    '0001-initial': initial(engine) as { up(db: Kysely<unknown>): Promise<void> },
    '0003-catalog-listing': catalogListing(),
    '0004-lead-board': leadBoard(engine),
    '0005-sms': sms(engine),
    '0006-shared-limits': sharedLimits(engine),
    '0007-content-version': contentVersion(engine),
    '0008-blog-body-html': blogBodyHtml(),
    '0009-insights': insights(),
    '0010-quote-link': quoteLink(engine),
    '0011-orders': orders(engine),
    '0012-team': team(engine),
    '0013-customers': customers(engine),
    '0014-conversation-indexes': conversationIndexes(),
    '0015-insight-days': insightDays(engine),
    '0016-text-limits': textLimits(engine),
    '0017-idempotency-keys': idempotencyKeys(engine),
    '0018-sign-in-throttle': signInThrottle(engine),
    '0019-insight-marks-per-transaction': insightMarksPerTransaction(engine),
    '0020-name-checks': nameChecks(),
    '0021-short-part-name': shortPartName(),
    '0022-accounts': accounts(engine),
    '0023-passkeys': passkeys(engine),
    '0024-push': push(engine),
    '0025-idempotency-keep': idempotencyKeep(engine),
  };
  return { getMigrations: async () => migrations };
}
