/**
 * The private links to a lead's page (issue 28, decision 0125): `BASE_URL/q/<token>`, the token 144
 * random bits (24 base64url characters) with nothing of the case number in it. Only its SHA-256 is
 * stored (`lead_links`); the token itself exists only in the message that carries it. Each message
 * gets a link of its own: the request's confirmation one that follows the lead, each quote version
 * one pinned to that version (so the link of a replaced quote can say so).
 */
import { createHash, randomBytes } from 'node:crypto';
import type { Kysely, Transaction } from 'kysely';
import { leadLinkUrl } from '#app/modules/quotes/link.ts';
import type { DB } from '../schema.ts';

type Executor = Kysely<DB> | Transaction<DB>;

export function linkTokenHash(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** A new link to the lead's page (pinned to `version` when given), stored by its hash; returns its URL. */
export async function mintLeadLink(
  trx: Executor,
  input: { baseUrl: string; leadId: number; version: number | null; at: Date },
): Promise<string> {
  const [url] = await mintLeadLinks(trx, input.baseUrl, [input], input.at);
  return url!;
}

/** New links, one per input, in one statement (the reminders pass); their URLs in the same order. */
export async function mintLeadLinks(
  trx: Executor,
  baseUrl: string,
  inputs: readonly { leadId: number; version: number | null }[],
  at: Date,
): Promise<string[]> {
  if (!inputs.length) return [];
  const tokens = inputs.map(() => randomBytes(18).toString('base64url'));
  await trx
    .insertInto('lead_links')
    .values(
      inputs.map((input, i) => ({
        lead_id: input.leadId,
        token_hash: linkTokenHash(tokens[i]!),
        version: input.version,
        created_at: at.toISOString(),
      })),
    )
    .execute();
  return tokens.map((token) => leadLinkUrl(baseUrl, token));
}

/** Stores a new link by its token's hash; `version` pins it to a quote version (null: follows the lead). */
export async function insertLeadLink(
  trx: Executor,
  link: { leadId: number; tokenHash: string; version: number | null; at: Date },
): Promise<void> {
  await trx
    .insertInto('lead_links')
    .values({
      lead_id: link.leadId,
      token_hash: link.tokenHash,
      version: link.version,
      created_at: link.at.toISOString(),
    })
    .execute();
}

export async function findLeadLink(
  db: Executor,
  tokenHash: string,
): Promise<{ leadId: number; version: number | null } | undefined> {
  const row = await db
    .selectFrom('lead_links')
    .select(['lead_id', 'version'])
    .where('token_hash', '=', tokenHash)
    .executeTakeFirst();
  return row && { leadId: row.lead_id, version: row.version };
}
