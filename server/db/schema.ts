/**
 * Table types as Kysely sees them. Both engines return the same JS shapes for these
 * (timestamps as ISO-8601 UTC strings, money as integer cents, JSON lists as text),
 * except booleans, which SQLite returns as 0/1: repositories map rows with `Boolean()`.
 */
import type { Generated, Kysely, Selectable, Transaction } from 'kysely';
import type {
  ContentVersionTable,
  IdempotencyKeysTable,
  InsightDaysTable,
  InsightStaleTable,
  InsightVersionTable,
  LoginThrottleTable,
  PasskeyChallengesTable,
  PushJobsTable,
  PushSubscriptionsTable,
  RateLimitsTable,
} from './schema-bookkeeping.ts';
import type { DbBoolean, JsonText, Timestamp } from './column-types.ts';

export type { DbBoolean, JsonText, Timestamp };

export interface CitiesTable {
  slug: string;
  name: string;
  region: string;
  sort_order: number;
}

export interface CategoriesTable {
  slug: string;
  name: string;
  sort_order: number;
}

export interface UsersTable {
  id: Generated<number>;
  username: string;
  display_name: string;
  password_hash: string;
  /** 'owner' or 'staff' (decision 0160) */
  role: Generated<string>;
  /** set: the account cannot sign in; its history keeps its name */
  disabled_at: Timestamp | null;
  created_at: Timestamp;
  updated_at: Timestamp;
  /** set: the password was handed out by the owner; a new one is asked for first (migration 0022) */
  must_change_password: Generated<DbBoolean>;
  /** the last sign-in; null: never signed in ("Welcome", then "Welcome back!"; migration 0022) */
  last_sign_in_at: Timestamp | null;
  /** the notifications the person chose: a JSON list of kinds; null: every kind (migration 0024) */
  push_kinds: Generated<JsonText | null>;
}

/** A person's passkey, a WebAuthn credential (migration 0023, decision 0202). */
export interface PasskeysTable {
  id: Generated<number>;
  user_id: number;
  /** base64url, as the browser names it */
  credential_id: string;
  /** base64url of the COSE public key */
  public_key: string;
  /** bigint on PostgreSQL (pg answers a string): read through Number() */
  counter: Generated<number>;
  /** JSON list of the authenticator's transports, or null */
  transports: JsonText | null;
  name: string;
  created_at: Timestamp;
  last_used_at: Timestamp | null;
}

/** Who changed what and when (decision 0160): JSON of the value before and after. */
export interface AuditLogTable {
  id: Generated<number>;
  at: Timestamp;
  user_id: number | null;
  actor: string;
  action: string;
  subject: string | null;
  before: JsonText | null;
  after: JsonText | null;
}

export interface SessionsTable {
  /** SHA-256 of the cookie value: a leaked table does not hand out sessions. */
  id_hash: string;
  user_id: number;
  csrf_token: string;
  created_at: Timestamp;
  last_seen_at: Timestamp;
  expires_at: Timestamp;
}

export interface LeadsTable {
  id: Generated<number>;
  case_number: string | null;
  status: string;
  urgency: string;
  source: string;
  name: string;
  phone: string;
  email: string | null;
  city: string | null;
  equipment: string | null;
  make: string | null;
  model: string | null;
  year: string | null;
  part_category: string | null;
  part_number: string | null;
  description: string | null;
  consent_at: Timestamp | null;
  consent_text: string | null;
  notes: string | null;
  lost_reason: string | null;
  cost: number | null;
  markup_pct: number | null;
  sell_price: number | null;
  eta_days: number | null;
  quoted_at: Timestamp | null;
  created_at: Timestamp;
  updated_at: Timestamp;
  /** the name as search compares it (leadSearchName), written with the lead; migration 0004 */
  search_name: string | null;
  /** the phone's digits (phoneDigits), written with the lead; migration 0004 */
  phone_digits: string | null;
  /** the quote version the customer sees now (quote_versions.version); migration 0010 */
  quote_version: number | null;
  quote_expires_at: Timestamp | null;
  /** times the customer opened the quote page since the current version was sent */
  quote_views: Generated<number>;
  quote_first_viewed_at: Timestamp | null;
  /** 1: the order's texts go out by themselves; 0: staff switched them off (migration 0011) */
  auto_texts: Generated<number>;
  /** whose lead (migration 0013); null only until every process has linked it */
  customer_id: number | null;
  /** 1: linked by phone or e-mail under another name, staff not yet asked (migration 0020, decision 0193) */
  name_check: Generated<number>;
  /** what texts and the customer's page call the part, when staff set it (migration 0021) */
  short_part_name: string | null;
}

/**
 * Who asks (issue 30, decision 0161): matched by phone (E.164) or e-mail, each unique; what is read
 * from their leads, kept by the repository; their conversation in the inbox. Migration 0013.
 */
export interface CustomersTable {
  id: Generated<number>;
  name: string;
  company: string | null;
  phone: string | null;
  email: string | null;
  notes: string | null;
  fleet: Generated<number>;
  no_reviews: Generated<number>;
  /** set: merged into that customer; its leads moved there */
  merged_into: number | null;
  /** name, company, e-mail and phone digits as search compares them */
  search_text: Generated<string>;
  lead_count: Generated<number>;
  /** cents: the leads ordered or fulfilled */
  total_spent: Generated<number>;
  first_contact_at: Timestamp | null;
  last_contact_at: Timestamp | null;
  last_message_at: Timestamp | null;
  last_message_preview: string | null;
  /** 1: the last message came from the customer */
  last_message_in: Generated<number>;
  /** the customer's last text or question: a follow-up after it is not sent */
  last_inbound_at: Timestamp | null;
  /** messages from the customer since staff last opened the conversation */
  unread: Generated<number>;
  assigned_user_id: number | null;
  done_at: Timestamp | null;
  review_requested_at: Timestamp | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface CustomerMergesTable {
  id: Generated<number>;
  kept_id: number;
  merged_id: number;
  /** JSON: the merged customer as it was */
  merged: JsonText;
  actor: string;
  at: Timestamp;
}

/** The owner's settings by key, JSON values (migration 0013). */
export interface SettingsTable {
  key: string;
  value: JsonText;
  updated_by: string | null;
  updated_at: Timestamp;
}

/** One sent quote (issue 28): its options as JSON (QuoteOption[]); locked once accepted. Migration 0010. */
export interface QuoteVersionsTable {
  id: Generated<number>;
  lead_id: number;
  version: number;
  options: JsonText;
  content_hash: string;
  sent_by: string;
  sent_at: Timestamp;
  expires_at: Timestamp;
  accepted_option: number | null;
  accepted_at: Timestamp | null;
}

/** A private link to a lead's page: only the SHA-256 of its token; `version` pins a quote version. Migration 0010. */
export interface LeadLinksTable {
  id: Generated<number>;
  lead_id: number;
  token_hash: string;
  version: number | null;
  created_at: Timestamp;
}

export interface LeadPhotosTable {
  id: Generated<number>;
  lead_id: number;
  storage_key: string;
  content_type: string;
  width: number;
  height: number;
  size_bytes: number;
  position: number;
  created_at: Timestamp;
}

export interface LeadEventsTable {
  id: Generated<number>;
  lead_id: number;
  type: string;
  from_status: string | null;
  to_status: string | null;
  actor: string;
  detail: JsonText | null;
  created_at: Timestamp;
}

export interface OutgoingMessagesTable {
  id: Generated<number>;
  lead_id: number | null;
  channel: string;
  recipient: string;
  subject: string | null;
  body: string;
  status: string;
  attempts: number;
  next_attempt_at: Timestamp;
  provider_id: string | null;
  last_error: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
  sent_at: Timestamp | null;
  /** 'customer' (the conversation: quotes, replies, e-mail copies) or 'staff' (alerts); migration 0005 */
  audience: Generated<string>;
  /** set for a message that must go out once (a part ready, a reminder); unique (migration 0011) */
  dedupe_key: string | null;
  /** a text the public can cause (a web request's confirmation): limited (migration 0016, decision 0175) */
  public_text: Generated<DbBoolean>;
  /** an immediate answer may go out in quiet hours until then; null: it waits (migration 0016) */
  answer_until: Timestamp | null;
}

/** Whom staff buy parts from (issue 29); archived ones stay on old orders. Migration 0011. */
export interface SuppliersTable {
  id: Generated<number>;
  name: string;
  phone: string | null;
  email: string | null;
  website: string | null;
  account_number: string | null;
  lead_time_days: number | null;
  notes: string | null;
  archived_at: Timestamp | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** A part bought for an ordered lead (issue 29): its step, costs in cents, dates. Migration 0011. */
export interface OrderLinesTable {
  id: Generated<number>;
  lead_id: number;
  part: string;
  supplier_id: number | null;
  order_ref: string | null;
  quoted_cost: number | null;
  actual_cost: number | null;
  step: string;
  previous_step: string | null;
  handover: string;
  /** YYYY-MM-DD in Winnipeg */
  promised_date: string | null;
  carrier: string | null;
  tracking_number: string | null;
  ordered_at: Timestamp | null;
  arrived_at: Timestamp | null;
  ready_at: Timestamp | null;
  done_at: Timestamp | null;
  reminded_days: number | null;
  /** changes with every write: a move names the revision it saw */
  revision: Generated<number>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** Texts received from customers (Twilio's webhook), one row per MessageSid; migration 0005. */
export interface SmsInboundTable {
  id: Generated<number>;
  message_sid: string;
  lead_id: number | null;
  /** E.164 */
  from_phone: string;
  body: string;
  /** media items the text carried (NumMedia) */
  media_count: number;
  /** photos stored on the lead */
  photo_count: number;
  /** new_request | message | yes | no | stop | start | help | no_quote */
  kind: string;
  /** the reply sent in the TwiML answer (replayed when Twilio retries) */
  reply: string | null;
  created_at: Timestamp;
}

export interface SmsOptOutsTable {
  phone: string;
  keyword: string;
  opted_out_at: Timestamp;
}

export interface CatalogItemsTable {
  id: Generated<number>;
  slug: string;
  title: string;
  description: string | null;
  category: string;
  subcategory: string | null;
  price: number | null;
  cost: number | null;
  markup_pct: number;
  stock_qty: number;
  images: JsonText;
  brand: string | null;
  sku: string | null;
  supplier_sku: string | null;
  specs: JsonText;
  status: string;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface BlogCategoriesTable {
  id: Generated<number>;
  name: string;
}

export interface BlogPostsTable {
  id: Generated<number>;
  slug: string;
  title: string;
  excerpt: string | null;
  content: string;
  featured_image: string | null;
  tags: JsonText;
  author_name: string;
  author_bio: string | null;
  category_id: number | null;
  canonical_url: string | null;
  meta_title: string | null;
  meta_description: string | null;
  read_time_minutes: number;
  is_featured: DbBoolean;
  allow_comments: DbBoolean;
  city_focus: JsonText;
  equipment_focus: JsonText;
  local_keywords: JsonText;
  schema_type: string;
  status: string;
  published_at: Timestamp | null;
  created_at: Timestamp;
  updated_at: Timestamp;
  /** the public page's body, rendered from `content` when saved; null until then (migration 0008) */
  body_html: string | null;
}

export interface ClickEventsTable {
  id: Generated<number>;
  button_type: string;
  button_location: string;
  button_text: string;
  created_at: Timestamp;
}

export interface DB {
  cities: CitiesTable;
  categories: CategoriesTable;
  users: UsersTable;
  audit_log: AuditLogTable;
  sessions: SessionsTable;
  leads: LeadsTable;
  customers: CustomersTable;
  customer_merges: CustomerMergesTable;
  settings: SettingsTable;
  lead_photos: LeadPhotosTable;
  lead_events: LeadEventsTable;
  quote_versions: QuoteVersionsTable;
  lead_links: LeadLinksTable;
  outgoing_messages: OutgoingMessagesTable;
  suppliers: SuppliersTable;
  order_lines: OrderLinesTable;
  sms_opt_outs: SmsOptOutsTable;
  sms_inbound: SmsInboundTable;
  catalog_items: CatalogItemsTable;
  blog_categories: BlogCategoriesTable;
  blog_posts: BlogPostsTable;
  click_events: ClickEventsTable;
  rate_limits: RateLimitsTable;
  login_throttle: LoginThrottleTable;
  passkeys: PasskeysTable;
  passkey_challenges: PasskeyChallengesTable;
  push_subscriptions: PushSubscriptionsTable;
  push_jobs: PushJobsTable;
  content_version: ContentVersionTable;
  insight_days: InsightDaysTable;
  insight_stale: InsightStaleTable;
  insight_version: InsightVersionTable;
  idempotency_keys: IdempotencyKeysTable;
}

export type CatalogItemRow = Selectable<CatalogItemsTable>;
export type BlogPostRow = Selectable<BlogPostsTable>;
export type LeadRow = Selectable<LeadsTable>;

/** The database, and a transaction in it: what a service holds and passes to the repositories. */
export type Db = Kysely<DB>;
export type Tx = Transaction<DB>;
