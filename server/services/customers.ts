/**
 * Customers (issue 30 item 1, decision 0161): the list, one customer's page (every lead, quote,
 * order and message), staff's edits and merges (both in the audit log), and the linking of leads
 * written before customers existed, a batch at a time in every process.
 */
import { conversationOf } from '#app/modules/customers/conversation.ts';
import {
  CUSTOMER_TEXT,
  customerEditSchema,
  customerListQuerySchema,
  customerMergeSchema,
  customerPageQuerySchema,
  customerSearchTerm,
  mergedNotes,
  type CustomerPage,
  type CustomerSummary,
} from '#app/modules/customers/customers.ts';
import { NAME_CHECK_TEXT } from '#app/modules/customers/name-check.ts';
import { caseNumberFor, type LeadStatus } from '#app/modules/leads/leads.ts';
import { partName } from '#app/modules/messages/part-name.ts';
import { parseRowId } from '#app/modules/site/row-id.ts';
import { insertAudit, type AuditEntry } from '../db/repo/audit.ts';
import { conversationSources, refreshConversations } from '../db/repo/conversations.ts';
import {
  attachLead,
  customerLeadRows,
  findCustomerPage,
  leadStillUnlinked,
  lockLeadsOfCustomers,
  listCustomers,
  lockCustomers,
  mergeCustomerRows,
  refreshCustomers,
  toCustomer,
  unlinkedLeads,
  updateCustomer,
} from '../db/repo/customers.ts';
import {
  clearNameCheck,
  lockLeadForNameCheck,
  nameChecksOfCustomer,
  splitLeadToNewCustomer,
} from '../db/repo/name-checks.ts';
import { listLinesOfLeads } from '../db/repo/orders.ts';
import { listQuoteVersionsOf } from '../db/repo/quotes.ts';
import { AppError } from '../errors.ts';
import { parseInput, requireRowId } from '../validation.ts';
import type { SessionUser } from './auth.ts';
import type { ServiceDeps } from './context.ts';
import type { Tx } from '../db/schema.ts';

const PAGE_SIZE = 50;
/**
 * A customer's page (and their conversation in the inbox) shows their newest 20 requests, with
 * those requests' quotes and orders, or on asking all of them up to a thousand; and the newest 50
 * messages.
 */
const PAGE_LEADS = { newest: 20, all: 1000 } as const;
const PAGE_MESSAGES = 50;
/** leads linked to their customers per transaction when catching up */
const LINK_BATCH = 200;

export function customersService({ db, engine, now, logger }: ServiceDeps) {
  const cursorOf = (c: CustomerSummary, sort: 'last_contact' | 'total_spent') =>
    `${sort === 'total_spent' ? c.totalSpent : (c.lastContactAt ?? '')}|${c.id}`;

  function parseCursor(after: string | undefined, sort: 'last_contact' | 'total_spent') {
    if (!after) return undefined;
    const bar = after.lastIndexOf('|');
    const id = parseRowId(after.slice(bar + 1));
    if (bar < 0 || id === undefined) return undefined;
    const raw = after.slice(0, bar);
    const value = sort === 'total_spent' ? Number(raw) : raw || null;
    if (typeof value === 'number' && !Number.isFinite(value)) return undefined;
    return { value, id };
  }

  const service = {
    /**
     * The customers list (GET /api/customers): searched in name, company, phone and e-mail, sorted
     * by last contact or total spent, 50 at a time (`next` names the page after).
     */
    async list(query: unknown): Promise<{ customers: CustomerSummary[]; next: string | null }> {
      const input = parseInput(customerListQuerySchema, query);
      const rows = await listCustomers(db, {
        search: input.search && customerSearchTerm(input.search),
        sort: input.sort,
        after: parseCursor(input.after, input.sort),
        limit: PAGE_SIZE + 1,
      });
      const customers = rows.slice(0, PAGE_SIZE);
      return {
        customers,
        next: rows.length > PAGE_SIZE ? cursorOf(customers.at(-1)!, input.sort) : null,
      };
    },

    /**
     * One customer with their newest requests (`{ requests: 'all' }`: all of them), those requests'
     * quote versions and ordered parts, and the newest messages of the conversation; 404 for an
     * unknown one. A merged customer's page names the one it was merged into (`mergedInto`).
     */
    async page(rawId: unknown, query: unknown = {}): Promise<CustomerPage> {
      const id = requireRowId(rawId);
      const { requests } = parseInput(customerPageQuerySchema, query);
      const [found, requestRows, nameChecks] = await Promise.all([
        findCustomerPage(db, id),
        // one more than shown: whether there are older ones
        customerLeadRows(db, id, PAGE_LEADS[requests] + 1),
        nameChecksOfCustomer(db, id),
      ]);
      if (!found) throw new AppError(404, CUSTOMER_TEXT.notFound);
      const { smsOptedOut, ...customer } = found;
      const leadRows = requestRows.slice(0, PAGE_LEADS[requests]);
      const leadIds = leadRows.map((l) => l.id);
      const caseOf = new Map(leadRows.map((l) => [l.id, l.case_number ?? caseNumberFor(l.id)]));
      const [versions, lines, sources] = await Promise.all([
        listQuoteVersionsOf(db, leadIds),
        listLinesOfLeads(db, leadIds),
        conversationSources(db, customer, PAGE_MESSAGES),
      ]);
      return {
        customer,
        requests,
        moreLeads: requestRows.length > leadRows.length,
        leads: leadRows.map((l) => ({
          id: l.id,
          caseNumber: caseOf.get(l.id)!,
          status: l.status as LeadStatus,
          source: l.source,
          part: partName({
            description: l.description,
            partNumber: l.part_number,
            shortPartName: l.short_part_name,
          }),
          createdAt: l.created_at,
          sellPrice: l.sell_price,
        })),
        quotes: [...versions.entries()]
          .flatMap(([leadId, list]) =>
            list.map((v) => ({
              leadId,
              caseNumber: caseOf.get(leadId)!,
              version: v.version,
              sentAt: v.sentAt,
              expiresAt: v.expiresAt,
              options: v.options.map((o) => ({ label: o.label, sellPrice: o.sellPrice, etaDays: o.etaDays })),
              acceptedOption: v.acceptedOption,
            })),
          )
          .sort((a, b) => b.sentAt.localeCompare(a.sentAt)),
        orders: lines.map((line) => ({
          lineId: line.id,
          leadId: line.leadId,
          caseNumber: caseOf.get(line.leadId)!,
          part: line.part,
          step: line.step,
          supplierName: line.supplierName,
          promisedDate: line.promisedDate,
        })),
        // the newest of each kind, in one thread, of which the newest PAGE_MESSAGES
        conversation: conversationOf(sources).slice(-PAGE_MESSAGES),
        smsOptedOut,
        nameChecks,
      };
    },

    /**
     * Staff edit a customer's name, company, notes, fleet account and review requests (PUT
     * /api/customers/{id}); in the audit log with before and after.
     */
    async update(rawId: unknown, payload: unknown, by: SessionUser): Promise<CustomerPage> {
      const id = requireRowId(rawId);
      const input = parseInput(customerEditSchema, payload);
      const at = now();
      await db.transaction().execute(async (trx) => {
        const [row] = await lockCustomers(trx, [id], engine);
        if (!row) throw new AppError(404, CUSTOMER_TEXT.notFound);
        if (row.merged_into !== null) throw new AppError(409, CUSTOMER_TEXT.mergedAway);
        const before = toCustomer(row);
        await updateCustomer(trx, id, input, at);
        await insertAudit(
          trx,
          {
            userId: by.id,
            actor: by.username,
            action: 'customer_updated',
            subject: `customer:${id}`,
            before: pick(before),
            after: input,
          },
          at,
        );
      });
      return service.page(id);
    },

    /**
     * Merges one customer into another (POST /api/customers/{id}/merge { into }): every lead,
     * quote, order and message moves to `into`; the merge is recorded (customer_merges and the
     * audit log). Safe with two processes: both customers and their leads are locked first, leads
     * before customers as every other writer takes them; a customer merged already is refused.
     */
    async merge(rawId: unknown, payload: unknown, by: SessionUser): Promise<CustomerPage> {
      const id = requireRowId(rawId);
      const { into } = parseInput(customerMergeSchema, payload);
      if (into === id)
        throw new AppError(400, CUSTOMER_TEXT.sameCustomer, {
          fieldErrors: { into: [CUSTOMER_TEXT.sameCustomer] },
        });
      const at = now();
      await db.transaction().execute(async (trx) => {
        await lockLeadsOfCustomers(trx, [id, into], engine);
        const rows = await lockCustomers(trx, [id, into], engine);
        const merged = rows.find((r) => r.id === id);
        const kept = rows.find((r) => r.id === into);
        if (!merged || !kept) throw new AppError(404, CUSTOMER_TEXT.notFound);
        if (merged.merged_into !== null || kept.merged_into !== null)
          throw new AppError(409, CUSTOMER_TEXT.mergedAway);
        // both customers' notes, within the limit (the merged one's whole notes are in `before`)
        const notes = mergedNotes(kept.notes, merged.notes, merged.name);
        await mergeCustomerRows(trx, kept, merged, { actor: by.username, at, notes: notes.notes });
        await insertAudit(
          trx,
          {
            userId: by.id,
            actor: by.username,
            action: 'customer_merged',
            subject: `customer:${into}`,
            before: { merged: pick(toCustomer(merged)), kept: pick(toCustomer(kept)) },
            after: {
              customer: into,
              leads: Number(kept.lead_count) + Number(merged.lead_count),
              ...(notes.cut ? { notesCut: true } : {}),
            },
          },
          at,
        );
      });
      return service.page(into);
    },

    /**
     * 'Same person' on a request flagged for another name (decision 0193): the flag cleared, the
     * lead stays with its customer and its name is one of theirs from now on (their next request
     * under it raises no flag; a search finds them by it). In the audit log. 404 for no such lead,
     * 409 for a lead without a flag (never flagged, or settled already).
     */
    async samePerson(rawLeadId: unknown, by: SessionUser): Promise<{ customerId: number }> {
      return settleNameCheck(rawLeadId, by, async (trx, lead, customer) => {
        await clearNameCheck(trx, lead.id);
        return {
          customerId: customer.id,
          audit: {
            action: 'customer_same_person',
            subject: `customer:${customer.id}`,
            before: { requestName: lead.name.trim(), lead: lead.caseNumber },
            after: { customer: customer.name },
          },
        };
      });
    },

    /**
     * 'Different person' on a request flagged for another name (decision 0193): a new customer with
     * the request's name (and its phone or e-mail where no customer holds it), who owns the lead
     * now with its quotes, orders and the texts about it; the customer on file keeps the rest. In
     * the audit log. 404 for no such lead, 409 for a lead without a flag.
     */
    async differentPerson(rawLeadId: unknown, by: SessionUser): Promise<{ customerId: number }> {
      return settleNameCheck(rawLeadId, by, async (trx, lead, customer) => {
        const made = await splitLeadToNewCustomer(trx, lead, now());
        await refreshCustomers(trx, [customer.id, made]);
        await refreshConversations(trx, [customer.id, made]);
        return {
          customerId: made,
          audit: {
            action: 'customer_different_person',
            subject: `customer:${made}`,
            before: { customer: customer.name, customerId: customer.id, lead: lead.caseNumber },
            after: { customer: lead.name.trim() },
          },
        };
      });
    },

    /**
     * Links leads written without a customer (before migration 0013, or by a process of the build
     * before it) to theirs, a batch per transaction, until none is left; every process runs it at
     * start and each minute. Returns how many it linked.
     */
    async linkWaiting(): Promise<number> {
      let linked = 0;
      for (;;) {
        const leads = await unlinkedLeads(db, LINK_BATCH);
        if (!leads.length) return linked;
        await db.transaction().execute(async (trx) => {
          const customers = new Set<number>();
          for (const lead of leads) {
            // another process may have linked it since the list was read
            if (!(await leadStillUnlinked(trx, lead.id))) continue;
            customers.add(await attachLead(trx, lead, now()));
          }
          await refreshConversations(trx, [...customers]);
        });
        linked += leads.length;
        if (leads.length < LINK_BATCH) {
          logger.info({ linked }, 'leads linked to their customers');
          return linked;
        }
      }
    },
  };
  /**
   * Settles a lead's name flag in one transaction: the lead locked, then its customer (as every
   * writer takes them), the refusals, the change `settle` makes and its audit row.
   */
  async function settleNameCheck(
    rawLeadId: unknown,
    by: SessionUser,
    settle: (
      trx: Tx,
      lead: { id: number; name: string; phone: string; email: string | null; caseNumber: string },
      customer: { id: number; name: string },
    ) => Promise<{ customerId: number; audit: Omit<AuditEntry, 'userId' | 'actor'> }>,
  ): Promise<{ customerId: number }> {
    const leadId = requireRowId(rawLeadId);
    return db.transaction().execute(async (trx) => {
      const lead = await lockLeadForNameCheck(trx, leadId, engine);
      if (!lead) throw new AppError(404, NAME_CHECK_TEXT.leadNotFound);
      if (lead.customer_id === null) throw new AppError(409, NAME_CHECK_TEXT.noCustomer);
      if (!lead.name_check) throw new AppError(409, NAME_CHECK_TEXT.notFlagged);
      const [customer] = await lockCustomers(trx, [lead.customer_id], engine);
      if (!customer) throw new AppError(404, CUSTOMER_TEXT.notFound);
      const caseNumber = lead.case_number ?? caseNumberFor(lead.id);
      const done = await settle(trx, { ...lead, caseNumber }, customer);
      await insertAudit(trx, { userId: by.id, actor: by.username, ...done.audit }, now());
      return { customerId: done.customerId };
    });
  }

  return service;
}

/** What staff edit of a customer, for the audit log. */
function pick(c: {
  name: string;
  company: string | null;
  notes: string | null;
  fleet: boolean;
  noReviews: boolean;
  phone: string | null;
  email: string | null;
}) {
  return {
    name: c.name,
    company: c.company,
    notes: c.notes,
    fleet: c.fleet,
    noReviews: c.noReviews,
    phone: c.phone,
    email: c.email,
  };
}

export type CustomersService = ReturnType<typeof customersService>;
