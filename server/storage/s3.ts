/**
 * The S3 backend (decision 0094): files in a bucket of AWS S3 or any S3-compatible service (MinIO,
 * Cloudflare R2, s3rver in the tests), so every machine of a deployment sees every file. Keys go
 * under `<prefix>/public/` and `<prefix>/private/`; nothing in the bucket needs to be public,
 * since the app serves the public area itself (serve.ts) and lead photos only to staff.
 * A PUT replaces an object whole, so readers see the old file or the new one, never half of it.
 */
import { createReadStream } from 'node:fs';
import fs from 'node:fs/promises';
import type { Readable } from 'node:stream';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import type { StorageConfig } from '../config.ts';
import { checkKey, type Area, type StorageBackend, type StoredObject } from './backend.ts';

type S3Config = Extract<StorageConfig, { kind: 's3' }>;

const CONTENT_TYPES: Record<string, string> = {
  webp: 'image/webp',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
};

const notFound = (err: unknown) =>
  err instanceof S3ServiceException &&
  (err.name === 'NoSuchKey' || err.name === 'NotFound' || err.$metadata.httpStatusCode === 404);

export function s3Backend(config: S3Config): StorageBackend {
  const client = new S3Client({
    region: config.region,
    endpoint: config.endpoint,
    // MinIO, s3rver and most compatible services want bucket/key in the path, not a subdomain
    forcePathStyle: config.endpoint !== undefined,
    credentials: config.credentials,
    // only the checksums S3 requires: compatible services do not all understand the newer defaults
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
  const base = config.prefix ? `${config.prefix}/` : '';
  const objectKey = (area: Area, key: string) => `${base}${area}/${checkKey(key)}`;
  const areaPrefix = (area: Area) => `${base}${area}/`;

  async function stat(area: Area, key: string): Promise<StoredObject | undefined> {
    try {
      const head = await client.send(
        new HeadObjectCommand({ Bucket: config.bucket, Key: objectKey(area, key) }),
      );
      return { key, size: head.ContentLength ?? 0, lastModified: head.LastModified ?? new Date(0) };
    } catch (err) {
      if (notFound(err)) return undefined;
      throw err;
    }
  }

  async function fetchObject(area: Area, key: string) {
    try {
      return await client.send(new GetObjectCommand({ Bucket: config.bucket, Key: objectKey(area, key) }));
    } catch (err) {
      if (notFound(err)) return undefined;
      throw err;
    }
  }

  return {
    async put(area, key, data) {
      const extension = key.split('.').pop()?.toLowerCase() ?? '';
      await client.send(
        new PutObjectCommand({
          Bucket: config.bucket,
          Key: objectKey(area, key),
          Body: data,
          ContentLength: data.length,
          ContentType: CONTENT_TYPES[extension] ?? 'application/octet-stream',
        }),
      );
    },

    async putFile(area, key, file) {
      // streamed from disk, never whole in memory: a backup's database may be large (decision 0197)
      const { size } = await fs.stat(file);
      await client.send(
        new PutObjectCommand({
          Bucket: config.bucket,
          Key: objectKey(area, key),
          Body: createReadStream(file),
          ContentLength: size,
          ContentType: 'application/octet-stream',
        }),
      );
    },

    async get(area, key) {
      const object = await fetchObject(area, key);
      return object?.Body ? Buffer.from(await object.Body.transformToByteArray()) : undefined;
    },

    async open(area, key) {
      const object = await fetchObject(area, key);
      if (!object?.Body) return undefined;
      return {
        info: { key, size: object.ContentLength ?? 0, lastModified: object.LastModified ?? new Date(0) },
        // in Node the SDK's body is an http.IncomingMessage, a Readable
        stream: object.Body as Readable,
      };
    },

    stat,

    async delete(area, key) {
      // S3 answers 204 for a key that is not there: removing a missing file is not an error
      await client.send(new DeleteObjectCommand({ Bucket: config.bucket, Key: objectKey(area, key) }));
    },

    async *list(area, prefix) {
      const from = areaPrefix(area);
      let token: string | undefined;
      do {
        const page = await client.send(
          new ListObjectsV2Command({
            Bucket: config.bucket,
            Prefix: prefix === '' ? from : `${from}${checkKey(prefix)}/`,
            ContinuationToken: token,
          }),
        );
        for (const object of page.Contents ?? []) {
          if (!object.Key) continue;
          yield {
            key: object.Key.slice(from.length),
            size: object.Size ?? 0,
            lastModified: object.LastModified ?? new Date(0),
          };
        }
        token = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (token);
    },
  };
}
