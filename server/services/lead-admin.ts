/**
 * Lead management for staff (product.md §2 'Lead Management', §4, §7; decision 0005): the board, one
 * lead with its history, status changes through the state machine, quotes priced by the shared
 * pricing engine (the browser's figure is never trusted), the CSV report. Each change is one
 * transaction with its lead event and, for a quote, the customer's SMS in the outbox.
 */
import {
  BOARD_MAX_PAGE,
  BOARD_PAGE_SIZE,
  boardCursor,
  CARD_DESCRIPTION_CHARS,
  CONVERSATION_TEXT,
  messagePayloadSchema,
  partNamePayloadSchema,
  statusPayloadSchema,
  type BoardColumn,
  type BoardPage,
  type ConversationMessage,
  type LeadBoard,
  type LeadCard,
  type LeadDetails,
  type LostLeadCard,
  type LostLeadsPage,
} from '#app/modules/leads/lead-admin.ts';
import { LEAD_CSV_HEADER, leadCsvRow } from '#app/modules/leads/lead-csv.ts';
import { leadPhotoUrl } from '#app/modules/leads/lead-photos.ts';
import { type Lead } from '#app/modules/leads/leads.ts';
import { BOARD_STATUSES, reopenTarget, type BoardStatus } from '#app/modules/leads/status.ts';
import { SMS_ERRORS, staffReplyEmail, staffText } from '#app/modules/messages/messages.ts';
import { toCsv, type CsvCell } from '#app/modules/shared/csv.ts';
import { toE164 } from '#app/modules/site/phone.ts';
import {
  allLeads,
  countLeadsOf,
  listBoard,
  listLeadCards,
  listLeads,
  listLostCards,
  type LeadFilter,
} from '../db/repo/lead-board.ts';
import { lastMovesInto, listLeadEvents } from '../db/repo/lead-events.ts';
import { findLeadById, lockLead, toLead, updateShortPartName } from '../db/repo/leads.ts';
import type { Db, Tx } from '../db/schema.ts';
import { nameCheckOfLead } from '../db/repo/name-checks.ts';
import { AppError } from '../errors.ts';
import { listCustomerMessages, listLeadMessages } from '../db/repo/outgoing-messages.ts';
import { listInboundForLead } from '../db/repo/texting.ts';
import { parseInput, requireRowId } from '../validation.ts';
import { conversationOf } from '#app/modules/customers/conversation.ts';
import type { ServiceDeps } from './context.ts';
import type { IdempotencyService } from './idempotency.ts';
import { LEAD_NOT_FOUND, moveLead, REOPEN } from './lead-moves.ts';
import type { Messaging } from './messaging.ts';
import type { QuotesService } from './quotes.ts';
import type { ReferenceService } from './reference.ts';

export const LIST_DEFAULT_LIMIT = 100;
export const LIST_MAX_LIMIT = 500;

/** The lead's id from a URL: a 400 when it is not one (decision 0178); a 404 when no lead has it. */
const parseId = requireRowId;

/**
 * `messaging`: the one way to queue messages (the quote's text and e-mail, and staff's texts with
 * their e-mail copies, go through it). `idempotency`: a quote or text sent with a key is sent once
 * whatever the retries (decision 0179).
 */
export function leadAdminService(
  deps: ServiceDeps,
  parts: {
    messaging: Messaging;
    quotes: QuotesService;
    reference: ReferenceService;
    idempotency: IdempotencyService;
  },
) {
  const { db, engine, config, now } = deps;
  const { messaging, quotes, reference, idempotency } = parts;

  /** Staff's text and its e-mail copy, queued in the caller's transaction; the caller kicks the outbox. */
  async function sendStaffText(trx: Tx, leadId: number, body: string, withName: boolean): Promise<void> {
    const at = now();
    const row = await lockLead(trx, leadId, engine);
    if (!row) throw new AppError(404, LEAD_NOT_FOUND);
    const lead = toLead(row);
    if (!toE164(lead.phone)) throw new AppError(409, SMS_ERRORS.notTextable);
    if (await messaging.isOptedOut(lead.phone, trx)) throw new AppError(409, CONVERSATION_TEXT.optedOut);
    const text = staffText(config.site.name, body, withName);
    await messaging.enqueueText(trx, { leadId, phone: lead.phone, body: text, cause: 'staff' }, at);
    await messaging.enqueueCustomerEmail(
      trx,
      {
        leadId,
        email: lead.email,
        ...staffReplyEmail({ site: config.site, name: lead.name, caseNumber: lead.caseNumber, body }),
      },
      at,
    );
  }

  /** A page of cards from `limit + 1` rows: the extra row tells whether there is a next page. */
  function page<Card extends LeadCard>(
    rows: Card[],
    limit: number,
  ): { leads: Card[]; nextBefore: string | null } {
    const leads = rows.slice(0, limit);
    return { leads, nextBefore: rows.length > limit ? boardCursor(leads[leads.length - 1]!) : null };
  }

  async function column(status: BoardStatus, filter: LeadFilter, limit: number): Promise<BoardPage> {
    return page(
      await listLeadCards(db, { ...filter, status, limit: limit + 1 }, CARD_DESCRIPTION_CHARS),
      limit,
    );
  }

  /**
   * One lead with photos, events, every message about it (`messages`, staff alerts included) and
   * the conversation with the customer: texts in and messages out (texts, automatic replies,
   * e-mail copies) oldest first, a reply right after the text it answers. Read in `from` when
   * given (a keyed change's transaction, which keeps it as its answer).
   */
  async function details(id: number, from: Db = db): Promise<LeadDetails> {
    const lead = await findLeadById(from, id, leadPhotoUrl);
    if (!lead) throw new AppError(404, LEAD_NOT_FOUND);
    const [events, rows, outgoing, incoming, smsOptedOut, quoteVersions, nameCheck] = await Promise.all([
      listLeadEvents(from, id),
      listLeadMessages(from, id),
      listCustomerMessages(from, id),
      listInboundForLead(from, id),
      messaging.isOptedOut(lead.phone, from),
      quotes.versions(id, from),
      nameCheckOfLead(from, id),
    ]);
    const messages = rows.map(({ lastError: _, ...m }) => m);
    const conversation: ConversationMessage[] = conversationOf({
      incoming,
      // questions the customer asked on the quote page
      questions: events.flatMap((e) =>
        e.type === 'question' && typeof e.detail?.body === 'string'
          ? [{ id: e.id, leadId: id, body: e.detail.body, createdAt: e.createdAt }]
          : [],
      ),
      outgoing: outgoing.map((m) => ({ ...m, leadId: id })),
    }).map(({ leadId: _, ...m }) => m);
    return { ...lead, events, messages, conversation, smsOptedOut, quoteVersions, nameCheck };
  }

  const service = {
    /** Leads newest first with photo URLs (GET /api/leads), `limit` at a time from `before`. */
    async listLeads(filter: LeadFilter & { limit?: number }): Promise<Lead[]> {
      const limit = Math.min(LIST_MAX_LIMIT, Math.max(1, filter.limit ?? LIST_DEFAULT_LIMIT));
      return listLeads(db, { ...filter, limit }, leadPhotoUrl);
    },

    /**
     * The five board columns (product.md §2): per status the newest `limit` cards, the total (matching
     * the search, if any) and the cursor of the next page. Lost leads have no column.
     */
    async board(options: { search?: string; limit?: number } = {}): Promise<LeadBoard> {
      const limit = Math.min(BOARD_MAX_PAGE, Math.max(1, options.limit ?? BOARD_PAGE_SIZE));
      const filter: LeadFilter = { search: options.search?.trim() || undefined };
      const [{ totals, cards }, lost] = await Promise.all([
        listBoard(
          db,
          { search: filter.search, statuses: BOARD_STATUSES, limit: limit + 1 },
          CARD_DESCRIPTION_CHARS,
        ),
        // lost leads have no column, but a search must say that it found some (issue 31)
        countLeadsOf(db, 'lost', filter.search),
      ]);
      const columns = Object.fromEntries(
        BOARD_STATUSES.map((status) => [
          status,
          { total: totals.get(status) ?? 0, ...page(cards.get(status) ?? [], limit) },
        ]),
      ) as Record<BoardStatus, BoardColumn>;
      return { columns, lost: { total: lost }, query: filter.search ?? '' };
    },

    /**
     * Lost leads (issue 31): newest first as on the board, `limit` at a time from `before`, each with
     * its reason, when and by whom it was lost and the status it left; `total` of the search.
     */
    async lostLeads(
      options: { search?: string; before?: LeadFilter['before']; limit?: number } = {},
    ): Promise<LostLeadsPage> {
      const limit = Math.min(BOARD_MAX_PAGE, Math.max(1, options.limit ?? BOARD_PAGE_SIZE));
      const search = options.search?.trim() || undefined;
      const [rows, total] = await Promise.all([
        listLostCards(db, { search, before: options.before, limit: limit + 1 }, CARD_DESCRIPTION_CHARS),
        countLeadsOf(db, 'lost', search),
      ]);
      const moves = await lastMovesInto(
        db,
        rows.slice(0, limit).map((r) => r.id),
        'lost',
      );
      const cards = rows.map((card): LostLeadCard => {
        const move = moves.get(card.id);
        return {
          ...card,
          lostAt: move?.createdAt ?? card.createdAt,
          lostBy: move?.actor ?? '',
          leftStatus: reopenTarget(move?.fromStatus),
        };
      });
      const { leads, nextBefore } = page(cards, limit);
      return { total, leads, nextBefore };
    },

    /** The next page of one column, older than the cursor. */
    async boardColumn(
      status: BoardStatus,
      options: { search?: string; before?: LeadFilter['before']; limit?: number },
    ): Promise<BoardPage> {
      const limit = Math.min(BOARD_MAX_PAGE, Math.max(1, options.limit ?? BOARD_PAGE_SIZE));
      return column(status, { search: options.search?.trim() || undefined, before: options.before }, limit);
    },

    /** One lead with photos, events and messages (404 'Lead not found'). */
    async getLead(id: unknown): Promise<LeadDetails> {
      return details(parseId(id));
    },

    /**
     * Moves a lead along the state machine (product.md §4): 409 with the reason for any other change;
     * 'lost' takes an optional reason. Status, lost reason and the lead event are one transaction.
     */
    async changeStatus(id: unknown, payload: unknown, actor: string): Promise<LeadDetails> {
      const leadId = parseId(id);
      const { status, reason } = parseInput(statusPayloadSchema, payload);
      const at = now();
      await db
        .transaction()
        .execute((trx) => moveLead(trx, engine, { leadId, to: status, by: 'staff', actor, at, reason }));
      return details(leadId);
    },

    /**
     * Sets the short part name the texts and the customer's page use (issue 48 item 5), or clears
     * it with an empty one; 404 for an unknown lead.
     */
    async setPartName(id: unknown, payload: unknown): Promise<LeadDetails> {
      const leadId = parseId(id);
      const { shortPartName } = parseInput(partNamePayloadSchema, payload);
      const at = now();
      await db.transaction().execute(async (trx) => {
        const row = await lockLead(trx, leadId, engine);
        if (!row) throw new AppError(404, LEAD_NOT_FOUND);
        await updateShortPartName(trx, leadId, shortPartName, at);
      });
      return details(leadId);
    },

    /**
     * Reopens a lost lead (issue 31): back to the status it left, as the event of its move to lost
     * recorded, with a 'reopened' event; 409 for a lead that is not lost.
     */
    async reopen(id: unknown, actor: string): Promise<LeadDetails> {
      const leadId = parseId(id);
      const at = now();
      await db
        .transaction()
        .execute((trx) => moveLead(trx, engine, { leadId, to: REOPEN, by: 'staff', actor, at }));
      return details(leadId);
    },

    /**
     * Prices and sends a quote (product.md §7 POST /api/leads/{id}/quote; issue 28: one to three options,
     * a new version each time, with its private link): the quote-link service's `send`. 409 for a
     * lead that cannot be quoted (ordered, fulfilled, lost). `key`: the dialog's, made when it
     * was rendered, or an API client's Idempotency-Key (decision 0179): the same quote sent again
     * with it answers the first answer and sends nothing (no second version, no second text).
     */
    async sendQuote(id: unknown, payload: unknown, actor: string, key?: string): Promise<LeadDetails> {
      const leadId = parseId(id);
      const input = quotes.parseQuote(payload);
      const at = now();
      const { answer, replayed } = await idempotency.once(
        { scope: `lead ${leadId} quote by ${actor}`, key, request: input },
        async (trx) => {
          await quotes.send(trx, leadId, input, actor, at);
          // the answer shows the messages as written (queued); the worker starts after it is read
          return details(leadId, trx);
        },
      );
      if (!replayed) messaging.outbox.kick();
      return answer;
    },

    /**
     * Texts the customer from the Lead Details dialog (POST /api/leads/{id}/messages): the text and
     * its e-mail copy (when the lead has an address and SMTP is set) in one transaction, logged with
     * SMS_PROVIDER=log; answers with the lead as written. 404 for an unknown lead; 409 when the
     * number opted out (STOP) or cannot receive texts. `key` as for sendQuote: sent once.
     */
    async sendText(id: unknown, payload: unknown, actor = 'staff', key?: string): Promise<LeadDetails> {
      const leadId = parseId(id);
      const { body, withName } = parseInput(messagePayloadSchema, payload);
      const { answer, replayed } = await idempotency.once(
        { scope: `lead ${leadId} text by ${actor}`, key, request: { body, withName } },
        async (trx) => {
          await sendStaffText(trx, leadId, body, withName);
          // the answer shows the messages as written (queued); the worker starts after it is read
          return details(leadId, trx);
        },
      );
      if (!replayed) messaging.outbox.kick();
      return answer;
    },

    /**
     * Texts the customer about a lead (the inbox's reply, issue 30): sendText, answering with
     * nothing; with a `key`, a retry sends nothing (decision 0179).
     */
    async textCustomer(leadId: number, payload: unknown, actor: string, key?: string): Promise<void> {
      await service.sendText(leadId, payload, actor, key);
    },

    /** The CSV report of every lead, newest first (UTF-8 with BOM, quoted, formulas neutralised). */
    async exportCsv(): Promise<string> {
      // the names staff see for the slugs a lead stores (decision 0136)
      const [cities, categories] = await Promise.all([reference.listCities(), reference.listCategories()]);
      const rows: CsvCell[][] = [[...LEAD_CSV_HEADER]];
      for await (const batch of allLeads(db)) {
        for (const lead of batch) rows.push(leadCsvRow(lead, { cities, categories }));
      }
      return toCsv(rows);
    },
  };
  return service;
}

export type LeadAdminService = ReturnType<typeof leadAdminService>;
