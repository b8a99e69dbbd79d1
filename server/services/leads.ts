/**
 * Lead intake (product.md §2 'Request form', §7 POST /api/leads): turns a customer's request and photos
 * into a stored lead with a case number, all or nothing, and queues the staff alert.
 * Admin reading of lead photos lives here too (private files, looked up by their row).
 */
import { createHash } from 'node:crypto';
import type { Readable } from 'node:stream';
import {
  CONSENT_TEXT,
  displayFileName,
  HONEYPOT_FIELD,
  leadRequestFromForm,
  OTHER_CITY,
  PHOTO_MESSAGES,
  PHOTO_RULES,
  LEAD_MESSAGES,
} from '#app/modules/leads/lead-request.ts';
import { leadRequestSchema, type LeadRequest } from '#app/modules/leads/lead-request.schema.ts';
import { LEAD_PHOTO_DIR, LEAD_PHOTO_KEY } from '#app/modules/leads/lead-photos.ts';
import type { LeadSource } from '#app/modules/leads/leads.ts';
import { replyPromise } from '#app/modules/leads/reply-promise.ts';
import { leadAlertEmail } from '#app/modules/messages/messages.ts';
import { requestConfirmationEmail, requestConfirmationText } from '#app/modules/messages/quote-messages.ts';
import { isOutcomeUnknown } from '../db/faults.ts';
import { findLeadPhotoByKey, referencedPhotoKeys, type NewLeadPhoto } from '../db/repo/lead-photos.ts';
import { mintLeadLink } from '../db/repo/lead-links.ts';
import { insertLead } from '../db/repo/leads.ts';
import type { Tx } from '../db/schema.ts';
import { AppError } from '../errors.ts';
import {
  NotAnImageError,
  PixelBudget,
  PixelBudgetExceeded,
  type PixelTurn,
  REQUEST_PIXEL_BUDGET,
  UploadTooLargeError,
  type ImageInput,
  type PreparedImage,
} from '../storage/index.ts';
import { parseInput, rejectUnstorable } from '../validation.ts';
import type { ServiceDeps } from './context.ts';
import { BEING_ANSWERED, idempotencyService, type IdempotencyService } from './idempotency.ts';
import type { Messaging } from './messaging.ts';
import type { ReferenceService } from './reference.ts';

/** A photo that passed the image pipeline: decoded, re-encoded, metadata gone. */
export type PreparedPhoto = PreparedImage;

/** A photo as its sender sent it: its bytes' count and SHA-256, what a retry is told by (decision 0207). */
export type SentPhoto = { size: number; sha256: string };

/** What the customer's browser is answered (product.md §7 POST /api/leads), kept for a retry. */
export type SubmitAnswer = {
  caseNumber: string;
  /** when we reply, by the server's clock at the request (decision 0192) */
  reply: string;
};

export type SubmitResult = SubmitAnswer & {
  /** false when the request was recognised as a robot's and discarded (decision 0040) */
  stored: boolean;
};

/**
 * The scope of a quote request's key (decision 0207): the public form's, whoever sends it; a key
 * is the phone's own, 132 random bits, so two customers never share one.
 */
const LEAD_KEY_SCOPE = 'new lead (quote request form)';
/**
 * How long a quote request's key answers its first answer: a request kept on a phone is sent
 * again whenever the phone finds signal, for as long as it stays there, not within a day as a
 * staff member's retry is (decision 0207). Thirty days: a retry after that would need the first
 * send to have landed and every later one to have failed for a month.
 */
export const LEAD_KEY_KEEP_MS = 30 * 24 * 60 * 60_000;

/** What a robot that filled the honeypot is told: outside the real range (which starts at Q-10001). */
export const DISCARDED_CASE_NUMBER = 'Q-10000';

/** The consent of a request taken by phone, as stored: the form's wording, and who heard it given. */
export function phoneConsentText(actor: string): string {
  return `${CONSENT_TEXT} (Given by phone; entered by ${actor}.)`;
}

/** Lead photos: up to 2560 px, JPEG (decision 0040). */
const LEAD_PHOTO_IMAGE = { maxEdge: 2560, format: 'jpeg', quality: 82 } as const;
/** A file in the photo folder that no row names, older than this, is a leftover of a crash. */
export const ORPHAN_AGE_MS = 60 * 60_000;
const SWEEP_EVERY_MS = 60 * 60_000;

/**
 * `messaging`: the process's one way to queue messages (createServices); the staff alert goes
 * through it. `reference`: the memoized city list a request's city is checked against.
 */
export function leadsService(
  deps: ServiceDeps,
  parts: { messaging: Messaging; reference: ReferenceService; idempotency?: IdempotencyService },
) {
  const { db, files, config, logger, now } = deps;
  const { messaging, reference } = parts;
  const idempotency = parts.idempotency ?? idempotencyService(deps);
  let lastSweep = Number.NEGATIVE_INFINITY;

  async function checkCity(city: string | undefined): Promise<string | undefined> {
    if (!city) return undefined;
    if (city === OTHER_CITY.slug) return OTHER_CITY.name;
    const match = (await reference.listCities()).find((c) => c.slug === city);
    if (!match) throw new AppError(400, LEAD_MESSAGES.city, { fieldErrors: { city: [LEAD_MESSAGES.city] } });
    return match.name;
  }

  /**
   * Runs one photo through the image pipeline. Throws AppError 400 '{file} is not an image file'
   * for anything that does not decode as a photo.
   */
  async function preparePhoto(input: ImageInput, name: string, turn?: PixelTurn): Promise<PreparedPhoto> {
    try {
      return await files.prepareImage(input, { ...LEAD_PHOTO_IMAGE, turn });
    } catch (err) {
      if (err instanceof PixelBudgetExceeded) {
        logger.info({ file: name, reason: err.message }, 'lead photo over the request pixel budget');
        throw new AppError(413, PHOTO_MESSAGES.tooManyPixels(name), { cause: err });
      }
      if (err instanceof NotAnImageError) {
        logger.info({ file: name, reason: err.message }, 'lead photo refused');
        throw new AppError(400, PHOTO_MESSAGES.notImage(name), { cause: err });
      }
      throw err;
    }
  }

  /**
   * A valid request as a lead, in the caller's transaction: the lead with its photos and 'created'
   * event, the staff alert (not for a lead staff entered themselves: `source` 'phone'), and the
   * customer's confirmation by text and e-mail with the link to their private page (issue 28).
   * `alertQueued`: something waits in the outbox.
   */
  async function record(
    trx: Tx,
    request: LeadRequest,
    photos: NewLeadPhoto[],
    meta: { at: Date; actor: string; source: LeadSource; consentText: string; cityName: string | undefined },
  ): Promise<{ id: number; caseNumber: string; alertQueued: boolean }> {
    const { at } = meta;
    // the confirmation of a request from the web is a text the public caused: counted per number
    // under the number's lock, taken before the customer's row as a received text takes them
    if (meta.source === 'web') await messaging.lockRecipient(trx, request.phone);
    const lead = await insertLead(
      trx,
      {
        urgency: request.urgency,
        source: meta.source,
        name: request.name,
        phone: request.phone,
        email: request.email ?? null,
        city: request.city ?? null,
        equipment: request.equipment,
        make: request.make ?? null,
        model: request.model ?? null,
        year: request.year ?? null,
        partCategory: request.partCategory ?? null,
        partNumber: request.partNumber ?? null,
        description: request.description,
        consentText: meta.consentText,
      },
      photos,
      { now: at, actor: meta.actor },
    );
    const queued =
      meta.source !== 'phone' &&
      (await messaging.enqueueStaffAlert(
        trx,
        {
          leadId: lead.id,
          ...leadAlertEmail({
            caseNumber: lead.caseNumber,
            request,
            cityName: meta.cityName,
            photoCount: photos.length,
            baseUrl: config.baseUrl,
          }),
          event: 'request',
        },
        at,
      ));
    // the customer's confirmation, with the link to their private page (issue 28)
    const url = await mintLeadLink(trx, { baseUrl: config.baseUrl, leadId: lead.id, version: null, at });
    const texted = await messaging.enqueueText(
      trx,
      {
        leadId: lead.id,
        phone: request.phone,
        body: requestConfirmationText({
          siteName: config.site.name,
          caseNumber: lead.caseNumber,
          url,
          hours: deps.shop.current().hours,
        }),
        // staff entering a request taken by phone send its confirmation themselves
        cause: meta.source === 'web' ? 'public' : 'staff',
      },
      at,
    );
    const mailed = await messaging.enqueueCustomerEmail(
      trx,
      {
        leadId: lead.id,
        email: request.email ?? null,
        ...requestConfirmationEmail({
          site: config.site,
          name: request.name,
          caseNumber: lead.caseNumber,
          url,
          hours: deps.shop.current().hours,
        }),
      },
      at,
    );
    return { ...lead, alertQueued: queued || mailed || texted.status === 'queued' };
  }

  const service = {
    /**
     * Takes one photo as it arrives (web form or MMS): streams it to a private temporary file
     * (never more than 10 MB; AppError 413 beyond), runs it through the image pipeline from there
     * (AppError 400 for anything that is not a photo), removes the temporary file. Memory holds
     * only the small re-encoded result, however large the upload. `sent`: the bytes as they came.
     */
    /** A pixel budget for one request's photos (decision 0096): pass it to each receivePhoto. */
    photoBudget: () => new PixelBudget(REQUEST_PIXEL_BUDGET),

    async receivePhoto(
      stream: Readable,
      fileName: string | undefined,
      budget?: PixelBudget,
    ): Promise<PreparedPhoto & { sent: SentPhoto }> {
      const name = displayFileName(fileName);
      // its place in the budget's line now, as it arrives, before the upload's variable time
      const turn = budget?.turn();
      let upload;
      try {
        upload = await files.receiveUpload(stream, { maxBytes: PHOTO_RULES.maxBytes });
      } catch (err) {
        turn?.done();
        if (err instanceof UploadTooLargeError)
          throw new AppError(413, PHOTO_MESSAGES.tooLarge(name), { cause: err });
        throw err;
      }
      try {
        const sent = { size: upload.size, sha256: upload.sha256 };
        return Object.assign(await preparePhoto(upload, name, turn), { sent });
      } finally {
        await upload.dispose();
      }
    },

    /**
     * A photo of a request whose key was answered already (decision 0207): only read, to tell the
     * same request from another, never decoded nor kept (the first request's photos are the lead's).
     */
    readSentPhoto(stream: Readable): Promise<SentPhoto> {
      return new Promise((resolve, reject) => {
        const digest = createHash('sha256');
        let size = 0;
        stream.on('data', (chunk: Buffer) => {
          size += chunk.length;
          digest.update(chunk);
        });
        stream.once('error', reject);
        stream.once('end', () => resolve({ size, sha256: digest.digest('hex') }));
      });
    },

    /**
     * Whether a quote request was made under `key` already (none: false; 400 for a malformed one):
     * asked when the request arrives, before its limit counts and its photos are decoded.
     */
    answered: (key: unknown) => idempotency.answered(LEAD_KEY_SCOPE, key),

    /**
     * Writes a checked photo to private storage under a fresh random name and returns the row
     * that names it. The caller stores that row, or calls removePhotos when it cannot.
     */
    async storePhoto(photo: PreparedPhoto): Promise<NewLeadPhoto> {
      const stored = await files.saveImage('private', photo, LEAD_PHOTO_DIR);
      return {
        storageKey: stored.key,
        contentType: stored.contentType,
        width: stored.width,
        height: stored.height,
        sizeBytes: stored.sizeBytes,
      };
    },

    /** Removes photo files whose rows were never written (errors are logged, not thrown). */
    async removePhotos(storageKeys: readonly string[]): Promise<void> {
      await Promise.all(
        storageKeys.map((key) =>
          files.remove('private', key).catch((err) => logger.error({ err, key }, 'could not remove photo')),
        ),
      );
    },

    /**
     * Validates the request with the form's schema (AppError 400 with the first message and
     * fieldErrors), writes the photos to private storage under random names, then stores the lead,
     * its photos, its 'created' event, the consent (time and wording) and the staff alert in one
     * transaction. If that fails the photo files are removed again: no row without its photos and
     * no file without its row. The alert is sent after the caller has answered.
     * A filled honeypot is answered like a success and nothing is stored.
     *
     * `retry`: the phone's key and every photo as sent (decision 0207). The request made once under
     * the key gets its first answer again and makes nothing (its photos, if decoded, are removed
     * again); the key with another request is refused 422. `photos` may then be empty: the route
     * does not decode the photos of a key already answered.
     */
    async submitLead(
      fields: Record<string, unknown>,
      photos: readonly PreparedPhoto[],
      retry?: { key: unknown; sent: readonly SentPhoto[] },
    ): Promise<SubmitResult> {
      const honeypot = fields[HONEYPOT_FIELD];
      if (typeof honeypot === 'string' ? honeypot.trim() !== '' : honeypot !== undefined) {
        logger.info({ photos: photos.length }, 'quote request with the honeypot filled: discarded');
        const reply = replyPromise(deps.shop.current().hours, now());
        return { caseNumber: DISCARDED_CASE_NUMBER, reply, stored: false };
      }
      // every field of the form, not only those the request reads (decision 0095)
      rejectUnstorable(fields);
      const request: LeadRequest = parseInput(leadRequestSchema, leadRequestFromForm(fields));
      if (Math.max(photos.length, retry?.sent.length ?? 0) > PHOTO_RULES.maxCount)
        throw new AppError(400, PHOTO_MESSAGES.tooMany);
      const cityName = await checkCity(request.city);

      // the request as parsed and its photos' bytes in order: the browser sends the same each time
      const claim = {
        scope: LEAD_KEY_SCOPE,
        key: retry?.key,
        request: { request, photos: retry?.sent },
        keepMs: LEAD_KEY_KEEP_MS,
      };
      const kept = await idempotency.kept<SubmitAnswer>(claim);
      if (kept) return { ...kept.answer, stored: true };
      // answered when it arrived, swept since (its keep ended): the phone's next try is a new request
      if (retry && photos.length !== retry.sent.length) throw new AppError(409, BEING_ANSWERED);

      const at = now();
      const stored: NewLeadPhoto[] = [];
      try {
        for (const photo of photos) stored.push(await service.storePhoto(photo));
        let alertQueued = false;
        const { answer, replayed } = await idempotency.once(claim, async (trx) => {
          const lead = await record(trx, request, stored, {
            at,
            actor: 'customer',
            source: 'web',
            consentText: CONSENT_TEXT,
            cityName,
          });
          alertQueued = lead.alertQueued;
          return { caseNumber: lead.caseNumber, reply: replyPromise(deps.shop.current().hours, at) };
        });
        // the same request at the same moment, made by the other: its photos are the lead's
        if (replayed) await service.removePhotos(stored.map((p) => p.storageKey));
        if (alertQueued) messaging.outbox.kick();
        service.sweepSoon();
        return { caseNumber: answer.caseNumber, reply: answer.reply, stored: true };
      } catch (err) {
        // A connection lost during the commit leaves it unknown whether the lead was stored: its
        // files stay, and the orphan sweep removes them if no row names them (decision 0090).
        if (!isOutcomeUnknown(err)) await service.removePhotos(stored.map((p) => p.storageKey));
        throw err;
      }
    },

    /**
     * A request a customer made by phone, entered by staff (issue 31, 'New lead'): checked with the
     * request form's own schema and words (AppError 400 with `fieldErrors`), stored with source
     * 'phone' in the staff member's name, the consent recorded as given by phone. The customer gets
     * the request's confirmation (case number and link) as from the web form; staff get no alert
     * (they entered it). No photos: the customer can text them to the lead later.
     */
    async enterLead(
      fields: Record<string, unknown>,
      actor: string,
    ): Promise<{ id: number; caseNumber: string }> {
      rejectUnstorable(fields);
      const request: LeadRequest = parseInput(leadRequestSchema, leadRequestFromForm(fields));
      const cityName = await checkCity(request.city);
      const at = now();
      const lead = await db.transaction().execute((trx) =>
        record(trx, request, [], {
          at,
          actor,
          source: 'phone',
          consentText: phoneConsentText(actor),
          cityName,
        }),
      );
      if (lead.alertQueued) messaging.outbox.kick();
      return { id: lead.id, caseNumber: lead.caseNumber };
    },

    /** A lead photo for staff, or undefined when no lead owns that key. */
    async readPhoto(
      storageKey: string,
      { preview = false } = {},
    ): Promise<{ data: Buffer; contentType: string } | undefined> {
      if (!LEAD_PHOTO_KEY.test(storageKey)) return undefined;
      const photo = await findLeadPhotoByKey(db, storageKey);
      if (!photo) return undefined;
      // the lead dialog's tiles: the small copy the quote page's tiles show too (decision 0171)
      if (preview) return files.readPreview('private', photo.storageKey);
      const data = await files.read('private', photo.storageKey);
      return data && { data, contentType: photo.contentType };
    },

    /**
     * Removes photo files no lead names that are older than ORPHAN_AGE_MS: what a crash between
     * writing the files and committing the lead leaves behind, and half-written temporary files.
     * Returns how many files were removed.
     */
    async sweepOrphanPhotos(): Promise<number> {
      lastSweep = now().getTime();
      const removed = await files.sweepOrphans({
        area: 'private',
        dir: LEAD_PHOTO_DIR,
        olderThanMs: ORPHAN_AGE_MS,
        owned: (keys) => referencedPhotoKeys(db, keys),
      });
      if (removed) logger.info({ removed }, 'removed files no lead owns');
      return removed;
    },

    /** Runs the sweep in the background when it has not run for an hour (first time: after start). */
    sweepSoon(): void {
      if (now().getTime() - lastSweep < SWEEP_EVERY_MS) return;
      lastSweep = now().getTime();
      setImmediate(() => {
        service.sweepOrphanPhotos().catch((err) => logger.error({ err }, 'photo sweep failed'));
      });
    },
  };

  return service;
}

export type LeadsService = ReturnType<typeof leadsService>;
