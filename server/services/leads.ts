/**
 * Lead intake (SPEC §2 'Request form', §7 POST /api/leads): turns a customer's request and photos
 * into a stored lead with a case number, all or nothing, and queues the staff alert.
 * Admin reading of lead photos lives here too (private files, looked up by their row).
 */
import { randomBytes } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import {
  CONSENT_TEXT,
  displayFileName,
  HONEYPOT_FIELD,
  leadRequestFromForm,
  leadRequestSchema,
  OTHER_CITY,
  PHOTO_MESSAGES,
  PHOTO_RULES,
  LEAD_MESSAGES,
  type LeadRequest,
} from '#app/modules/leads/lead-request.schema.ts';
import { LEAD_PHOTO_DIR, LEAD_PHOTO_KEY } from '#app/modules/leads/lead-photos.ts';
import { isOutcomeUnknown } from '../db/faults.ts';
import { findLeadPhotoByKey, insertLead, referencedPhotoKeys, type NewLeadPhoto } from '../db/repo/leads.ts';
import { listCities } from '../db/repo/reference.ts';
import { AppError } from '../errors.ts';
import { createEmailSender } from '../messaging/email.ts';
import { leadAlertEmail } from '../messaging/lead-alert.ts';
import { createOutbox, enqueueMessage, type Outbox } from '../messaging/outbox.ts';
import { NotAnImageError, processImage, type ProcessedImage } from '../storage/images.ts';
import type { ServiceDeps } from './context.ts';

/** A photo that passed the image pipeline: decoded, re-encoded, metadata gone. */
export type PreparedPhoto = ProcessedImage;

export type SubmitResult = {
  caseNumber: string;
  /** false when the request was recognised as a robot's and discarded (decision 0040) */
  stored: boolean;
};

/** What a robot that filled the honeypot is told: outside the real range (which starts at Q-10001). */
export const DISCARDED_CASE_NUMBER = 'Q-10000';

/** Lead photos: up to 2560 px, JPEG (decision 0040). */
const LEAD_PHOTO_IMAGE = { maxEdge: 2560, format: 'jpeg', quality: 82 } as const;
/** A file in the photo folder that no row names, older than this, is a leftover of a crash. */
export const ORPHAN_AGE_MS = 60 * 60_000;
/** Uploads land here (private area) while they are checked; removed as soon as they are processed. */
export const INCOMING_DIR = 'incoming';
const SWEEP_EVERY_MS = 60 * 60_000;

type FieldErrors = Record<string, string[]>;

function fieldErrors(issues: readonly { path: PropertyKey[]; message: string }[]): FieldErrors {
  const out: FieldErrors = {};
  for (const issue of issues) (out[issue.path.map(String).join('.') || '_'] ??= []).push(issue.message);
  return out;
}

/** `outbox`: the process's shared outbox (createServices); without it the service makes its own. */
export function leadsService(deps: ServiceDeps, options: { outbox?: Outbox } = {}) {
  const { db, files, config, logger, now } = deps;
  const alertsBySmtp = Boolean(config.smtpUrl && config.notifyEmail);
  const outbox =
    options.outbox ?? createOutbox({ db, logger, now, senders: { email: createEmailSender(config) } });
  let lastSweep = Number.NEGATIVE_INFINITY;
  if (!options.outbox && alertsBySmtp && config.env !== 'test') {
    // alerts still queued from before a restart: deliver them once the process has settled
    setTimeout(() => outbox.kick(), 30_000).unref();
  }

  const newPhotoKey = (photo: PreparedPhoto) =>
    `${LEAD_PHOTO_DIR}/${randomBytes(16).toString('hex')}.${photo.format === 'jpeg' ? 'jpg' : 'webp'}`;

  async function checkCity(city: string | undefined): Promise<string | undefined> {
    if (!city) return undefined;
    if (city === OTHER_CITY.slug) return OTHER_CITY.name;
    const match = (await listCities(db)).find((c) => c.slug === city);
    if (!match) throw new AppError(400, LEAD_MESSAGES.city, { fieldErrors: { city: [LEAD_MESSAGES.city] } });
    return match.name;
  }

  const service = {
    /**
     * Runs one uploaded file through the image pipeline. Throws AppError 413 for a file over
     * 10 MB and 400 '{file} is not an image file' for anything that does not decode as a photo.
     */
    async preparePhoto(
      data: Buffer | { path: string },
      fileName: string | undefined,
    ): Promise<PreparedPhoto> {
      const name = displayFileName(fileName);
      const size = Buffer.isBuffer(data) ? data.length : (await fs.stat(data.path)).size;
      if (size > PHOTO_RULES.maxBytes) throw new AppError(413, PHOTO_MESSAGES.tooLarge(name));
      try {
        return await processImage(Buffer.isBuffer(data) ? data : data.path, LEAD_PHOTO_IMAGE);
      } catch (err) {
        if (err instanceof NotAnImageError) {
          logger.info({ file: name, reason: err.message }, 'lead photo refused');
          throw new AppError(400, PHOTO_MESSAGES.notImage(name), { cause: err });
        }
        throw err;
      }
    },

    /**
     * Takes one photo as it arrives: streams it to a private temporary file (never more than
     * 10 MB; AppError 413 beyond), runs it through the image pipeline from there, removes the
     * temporary file. Memory holds only the small re-encoded result, however large the upload.
     */
    async receivePhoto(stream: Readable, fileName: string | undefined): Promise<PreparedPhoto> {
      const name = displayFileName(fileName);
      const temp = files.pathOf('private', `${INCOMING_DIR}/${randomBytes(16).toString('hex')}.upload`);
      await fs.mkdir(path.dirname(temp), { recursive: true });
      try {
        let size = 0;
        await new Promise<void>((resolve, reject) => {
          const out = createWriteStream(temp, { flags: 'wx', mode: 0o600 });
          out.once('error', reject);
          stream.once('error', reject);
          stream.on('data', (chunk: Buffer) => {
            size += chunk.length;
            // past the limit the rest is only drained: the request is refused once it has ended
            if (size > PHOTO_RULES.maxBytes) return;
            if (!out.write(chunk)) {
              stream.pause();
              out.once('drain', () => stream.resume());
            }
          });
          stream.once('end', () => out.end(() => resolve()));
        });
        if (size > PHOTO_RULES.maxBytes) throw new AppError(413, PHOTO_MESSAGES.tooLarge(name));
        return await service.preparePhoto({ path: temp }, fileName);
      } finally {
        await fs.rm(temp, { force: true });
      }
    },

    /**
     * Validates the request with the form's schema (AppError 400 with the first message and
     * fieldErrors), writes the photos to private storage under random names, then stores the lead,
     * its photos, its 'created' event, the consent (time and wording) and the staff alert in one
     * transaction. If that fails the photo files are removed again: no row without its photos and
     * no file without its row. The alert is sent after the caller has answered.
     * A filled honeypot is answered like a success and nothing is stored.
     */
    async submitLead(
      fields: Record<string, unknown>,
      photos: readonly PreparedPhoto[],
    ): Promise<SubmitResult> {
      const honeypot = fields[HONEYPOT_FIELD];
      if (typeof honeypot === 'string' ? honeypot.trim() !== '' : honeypot !== undefined) {
        logger.info({ photos: photos.length }, 'quote request with the honeypot filled: discarded');
        return { caseNumber: DISCARDED_CASE_NUMBER, stored: false };
      }
      const parsed = leadRequestSchema.safeParse(leadRequestFromForm(fields));
      if (!parsed.success) {
        const errors = fieldErrors(parsed.error.issues);
        throw new AppError(400, parsed.error.issues[0]?.message ?? 'Invalid request', {
          fieldErrors: errors,
        });
      }
      if (photos.length > PHOTO_RULES.maxCount) throw new AppError(400, PHOTO_MESSAGES.tooMany);
      const request: LeadRequest = parsed.data;
      const cityName = await checkCity(request.city);

      const at = now();
      const written: string[] = [];
      const removeWritten = () =>
        Promise.all(
          written.map((key) =>
            files.remove('private', key).catch((err) => logger.error({ err, key }, 'could not remove photo')),
          ),
        );
      try {
        const stored: NewLeadPhoto[] = [];
        for (const photo of photos) {
          const storageKey = newPhotoKey(photo);
          written.push(storageKey);
          await files.put('private', storageKey, photo.data);
          stored.push({
            storageKey,
            contentType: photo.contentType,
            width: photo.width,
            height: photo.height,
            sizeBytes: photo.data.length,
          });
        }
        const { caseNumber } = await db.transaction().execute(async (trx) => {
          const lead = await insertLead(
            trx,
            {
              urgency: request.urgency,
              source: 'web',
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
              consentText: CONSENT_TEXT,
            },
            stored,
            { now: at, actor: 'customer' },
          );
          const alert = leadAlertEmail({
            caseNumber: lead.caseNumber,
            request,
            cityName,
            photoCount: stored.length,
            baseUrl: config.baseUrl,
          });
          await enqueueMessage(
            trx,
            {
              leadId: lead.id,
              channel: 'email',
              recipient: config.notifyEmail ?? config.site.email,
              subject: alert.subject,
              body: alert.body,
              status: alertsBySmtp ? 'queued' : 'logged',
            },
            at,
          );
          return lead;
        });
        if (alertsBySmtp) outbox.kick();
        service.sweepSoon();
        return { caseNumber, stored: true };
      } catch (err) {
        // A connection lost during the commit leaves it unknown whether the lead was stored: its
        // files stay, and the orphan sweep removes them if no row names them (decision 0090).
        if (!isOutcomeUnknown(err)) await removeWritten();
        throw err;
      }
    },

    /** A lead photo for staff, or undefined when no lead owns that key. */
    async readPhoto(storageKey: string): Promise<{ data: Buffer; contentType: string } | undefined> {
      if (!LEAD_PHOTO_KEY.test(storageKey)) return undefined;
      const photo = await findLeadPhotoByKey(db, storageKey);
      if (!photo) return undefined;
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
      const removed = (await sweepIncoming()) + (await sweepPhotoDir());
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

    /** The staff-alert outbox (delivery runs after each new lead and on retry timers). */
    alerts: outbox,
  };

  /** Names of the files in a private folder last modified before the cutoff (none if it does not exist). */
  async function oldFiles(dir: string): Promise<string[]> {
    let names: string[];
    try {
      names = await fs.readdir(dir);
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return [];
      throw err;
    }
    const cutoff = now().getTime() - ORPHAN_AGE_MS;
    const old: string[] = [];
    for (const name of names) {
      const stat = await fs.stat(path.join(dir, name)).catch(() => undefined);
      if (stat?.isFile() && stat.mtimeMs < cutoff) old.push(name);
    }
    return old;
  }

  /** Uploads a crash interrupted while they were being checked. */
  async function sweepIncoming(): Promise<number> {
    const dir = files.pathOf('private', INCOMING_DIR);
    const old = await oldFiles(dir);
    for (const name of old) await fs.rm(path.join(dir, name), { force: true });
    return old.length;
  }

  /** Photo files no lead row names: written just before a crash, or half-written temporary files. */
  async function sweepPhotoDir(): Promise<number> {
    const dir = files.pathOf('private', LEAD_PHOTO_DIR);
    const old = await oldFiles(dir);
    const owned = await referencedPhotoKeys(
      db,
      old.map((name) => `${LEAD_PHOTO_DIR}/${name}`),
    );
    let removed = 0;
    for (const name of old) {
      if (owned.has(`${LEAD_PHOTO_DIR}/${name}`)) continue;
      await fs.rm(path.join(dir, name), { force: true });
      removed++;
    }
    return removed;
  }

  return service;
}

export type LeadsService = ReturnType<typeof leadsService>;
