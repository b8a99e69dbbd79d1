/**
 * The inbox (issue 30 item 2, decision 0161): every customer's conversation in one list, newest
 * first; its pulse (unread count and newest message) that the back office polls; opening one
 * (read), replying by text through the outbox, assigning it and marking it done. Each assignment
 * and done is one conditional write, safe with any number of processes.
 */
import {
  assignSchema,
  doneSchema,
  INBOX_TEXT,
  inboxQuerySchema,
  type InboxConversation,
  type InboxPulse,
} from '#app/modules/customers/inbox.ts';
import { parseRowId } from '#app/modules/site/row-id.ts';
import { insertAudit } from '../db/repo/audit.ts';
import {
  inboxPulse,
  listConversations,
  markConversationRead,
  setConversationState,
} from '../db/repo/conversations.ts';
import { findCustomer, replyLeadOf } from '../db/repo/customers.ts';
import { findUserById } from '../db/repo/users.ts';
import { AppError } from '../errors.ts';
import { parseInput, requireRowId } from '../validation.ts';
import type { SessionUser } from './auth.ts';
import type { ServiceDeps } from './context.ts';
import type { LeadAdminService } from './lead-admin.ts';

const PAGE_SIZE = 50;

export function inboxService({ db, now }: ServiceDeps, { leadAdmin }: { leadAdmin: LeadAdminService }) {
  async function conversationOf(raw: unknown) {
    const customer = await findCustomer(db, requireRowId(raw));
    if (!customer || customer.mergedInto !== null) throw new AppError(404, INBOX_TEXT.notFound);
    return customer;
  }

  return {
    /** The list (GET /api/inbox?filter=open|mine|done|all&before=), 50 at a time, newest first. */
    async list(
      query: unknown,
      user: SessionUser,
    ): Promise<{ conversations: InboxConversation[]; next: string | null }> {
      const input = parseInput(inboxQuerySchema, query);
      const bar = input.before?.lastIndexOf('|') ?? -1;
      const beforeId = bar >= 0 ? parseRowId(input.before!.slice(bar + 1)) : undefined;
      const rows = await listConversations(db, {
        filter: input.filter,
        userId: user.id,
        before: beforeId === undefined ? undefined : { at: input.before!.slice(0, bar), id: beforeId },
        limit: PAGE_SIZE + 1,
      });
      const conversations = rows.slice(0, PAGE_SIZE);
      const last = conversations.at(-1);
      return {
        conversations,
        next: rows.length > PAGE_SIZE && last ? `${last.lastMessageAt}|${last.customerId}` : null,
      };
    },

    /** How many conversations are unread, and the newest message's time (GET /api/inbox/pulse). */
    pulse(): Promise<InboxPulse> {
      return inboxPulse(db);
    },

    /** Staff opened a conversation: its messages are read (POST /api/inbox/{id}/read). */
    async markRead(raw: unknown): Promise<void> {
      const customer = await conversationOf(raw);
      await markConversationRead(db, customer.id);
    },

    /**
     * A text to the customer from the inbox (POST /api/inbox/{id}/reply { body }): about their
     * newest open request (else their newest), through the outbox with its e-mail copy; with a
     * `key` (the form's, or an API client's Idempotency-Key) sent once however often it is posted.
     */
    async reply(raw: unknown, payload: unknown, by: SessionUser, key?: string): Promise<void> {
      const customer = await conversationOf(raw);
      const leadId = await replyLeadOf(db, customer.id);
      if (leadId === undefined) throw new AppError(409, INBOX_TEXT.noLead);
      await leadAdmin.textCustomer(leadId, payload, by.username, key);
      await markConversationRead(db, customer.id);
    },

    /** Assigns a conversation to a staff member, or to nobody (PUT /api/inbox/{id}/assignee { userId }). */
    async assign(raw: unknown, payload: unknown, by: SessionUser): Promise<void> {
      const customer = await conversationOf(raw);
      const { userId } = parseInput(assignSchema, payload);
      const user = userId === null ? undefined : await findUserById(db, userId);
      if (userId !== null && (!user || user.disabledAt))
        throw new AppError(400, INBOX_TEXT.unknownUser, {
          fieldErrors: { userId: [INBOX_TEXT.unknownUser] },
        });
      const previous =
        customer.assignedUserId === null ? undefined : await findUserById(db, customer.assignedUserId);
      const at = now();
      await db.transaction().execute(async (trx) => {
        await setConversationState(trx, customer.id, { assignedUserId: userId }, at);
        await insertAudit(
          trx,
          {
            userId: by.id,
            actor: by.username,
            action: 'conversation_assigned',
            subject: `customer:${customer.id}`,
            before: { userId: customer.assignedUserId, name: previous?.displayName ?? null },
            after: { userId, name: user?.displayName ?? null },
          },
          at,
        );
      });
    },

    /** Marks a conversation done, or open again (PUT /api/inbox/{id}/done { done }). */
    async setDone(raw: unknown, payload: unknown): Promise<void> {
      const customer = await conversationOf(raw);
      const { done } = parseInput(doneSchema, payload);
      const at = now();
      await setConversationState(db, customer.id, { doneAt: done ? at.toISOString() : null }, at);
    },
  };
}

export type InboxService = ReturnType<typeof inboxService>;
