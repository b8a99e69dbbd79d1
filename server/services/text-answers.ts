/**
 * A customer's answer to a quote by text (issue 48 item 1): YES, NO, or an option's number. It
 * orders only what the customer surely meant; otherwise it orders nothing and the reply asks:
 * - a YES on a quote with several options, or a number it does not have: which one (each by its
 *   number and price, and the link);
 * - any answer from a number with more than one open quote: which quote (by case number and part);
 * - a YES or number from a customer whose account orders with a PO number: the link, to give it;
 * - a number answering a text of a version replaced since: the link to the new one.
 * A YES on a one-option quote and a number otherwise order that option of the current version, as
 * Accept on the page does (the version locked, the lead priced at the option); NO declines. After
 * 48 hours a YES asks for a new quote instead (quotes.ts's sendBackExpired). Called by texting.ts
 * inside the text's transaction, under the number's lock.
 */
import type { LeadStatus } from '#app/modules/leads/leads.ts';
import { DECLINED_REASON, SMS_ACTOR, smsReplies } from '#app/modules/messages/messages.ts';
import { partName } from '#app/modules/messages/part-name.ts';
import { expiredYesReply, quoteQuestionReplies } from '#app/modules/messages/quote-messages.ts';
import { isFleetLead } from '../db/repo/customers.ts';
import { mintLeadLink } from '../db/repo/lead-links.ts';
import { lastTextedQuoteVersion } from '../db/repo/quotes.ts';
import type { OpenLead } from '../db/repo/texting.ts';
import type { Tx } from '../db/schema.ts';
import { AppError } from '../errors.ts';
import type { ServiceDeps } from './context.ts';
import { moveLead } from './lead-moves.ts';
import { acceptVersion } from './quote-answers.ts';
import type { QuotesService } from './quotes.ts';

/** What a text answers: YES (`option` set when it named one by number) or NO. */
export type TextAnswer = { kind: 'yes' | 'no'; option?: number };

/**
 * What came of it: `ordered`, `declined` or `expired` with the reply; `asked` with the question
 * (nothing ordered); `none` when the lead had moved on (the text is then a message for staff).
 */
export type TextAnswerOutcome =
  { result: 'ordered' | 'declined' | 'expired' | 'asked'; reply: string } | { result: 'none' };

/** The quote a number's answer is for, or the question to ask when there is more than one. */
export function quoteAnswered(open: readonly OpenLead[]): OpenLead | OpenLead[] | undefined {
  const quoted = open
    .filter((l) => l.status === 'quoted')
    .sort((a, b) => (b.quotedAt ?? '').localeCompare(a.quotedAt ?? '') || b.id - a.id);
  return quoted.length > 1 ? quoted : quoted[0];
}

export function textAnswers(deps: Pick<ServiceDeps, 'engine' | 'config'>, quotes: QuotesService) {
  const { engine, config } = deps;
  const replies = smsReplies(config.site);
  const questions = quoteQuestionReplies(config.site.name);
  const link = (trx: Tx, leadId: number, at: Date) =>
    mintLeadLink(trx, { baseUrl: config.baseUrl, leadId, version: null, at });

  /** The reply naming each open quote of the number: nothing is ordered. */
  function whichQuote(quoted: readonly OpenLead[]): string {
    return questions.whichQuote(
      quoted.map((l) => ({ caseNumber: l.caseNumber ?? '', part: partName(l.part) })),
    );
  }

  /** Answers `lead`'s quote, in the text's transaction. */
  async function answer(
    trx: Tx,
    input: { lead: OpenLead; answer: TextAnswer; body: string; at: Date },
  ): Promise<TextAnswerOutcome> {
    const { lead, answer, body, at } = input;
    const leadId = lead.id;
    const caseNumber = lead.caseNumber ?? '';
    if (answer.kind === 'yes') {
      // after 48 hours a YES asks for a new quote instead
      const expired = await quotes.sendBackExpired(trx, {
        leadId,
        actor: SMS_ACTOR,
        kind: 'expired_yes',
        detail: `The customer replied YES after the quote expired.\n\nText: ${body}`,
        at,
      });
      if (expired) return { result: 'expired', reply: expiredYesReply(config.site, caseNumber) };
    }
    let option = 0;
    if (answer.kind === 'yes') {
      const asked = await question(trx, lead, answer, at);
      if (typeof asked === 'string') return { result: 'asked', reply: asked };
      option = asked;
    }
    const to: LeadStatus = answer.kind === 'yes' ? 'ordered' : 'lost';
    let confirmation = '';
    const move = await moveLead(trx, engine, {
      leadId,
      to,
      by: 'customer',
      actor: SMS_ACTOR,
      at,
      reason: answer.kind === 'no' ? DECLINED_REASON : null,
      detail: answer.kind === 'no' ? { reason: DECLINED_REASON, body } : { body, option },
      // accepted as Accept on the page accepts, with the same confirmation (issue 48 item 5)
      then: async (row) => {
        if (answer.kind !== 'yes') return;
        confirmation = await acceptVersion(trx, config, {
          lead: row,
          version: row.quote_version,
          option,
          at,
        });
      },
    }).catch((err: unknown) => {
      if (err instanceof AppError && err.status === 409) return undefined;
      throw err;
    });
    if (!move?.moved || move.from !== 'quoted') return { result: 'none' };
    if (answer.kind === 'no') return { result: 'declined', reply: replies.declined(caseNumber) };
    return { result: 'ordered', reply: confirmation };
  }

  /** The option a YES orders (its index), or the question to ask instead. */
  async function question(trx: Tx, lead: OpenLead, answer: TextAnswer, at: Date): Promise<number | string> {
    const leadId = lead.id;
    const caseNumber = lead.caseNumber ?? '';
    const current = (await quotes.versions(leadId, trx)).at(-1);
    if (!current) return 0; // no version to choose in: moveLead decides (a lead no longer quoted)
    const { version, options } = current;
    if (answer.option !== undefined) {
      // a number answers the last quote text that went out: a newer version replaced it since
      const texted = await lastTextedQuoteVersion(trx, leadId);
      if (texted !== undefined && texted < version)
        return questions.newerVersion(caseNumber, await link(trx, leadId, at));
    }
    const index = answer.option !== undefined ? answer.option - 1 : options.length === 1 ? 0 : -1;
    if (!options[index]) return questions.whichOption(caseNumber, options, await link(trx, leadId, at));
    if (await isFleetLead(trx, leadId)) return questions.needsPo(caseNumber, await link(trx, leadId, at));
    return index;
  }

  return { answer, whichQuote };
}

export type TextAnswers = ReturnType<typeof textAnswers>;
