/**
 * A local S3 server (s3rver on loopback, in a temporary folder) with one bucket, for the tests of
 * the bucket storage backend: started before the file's tests, stopped and removed after them.
 * `endpoint()` is its URL once started.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';
import { afterAll, beforeAll } from 'vitest';

export function localBucket(bucket: string): { endpoint: () => string } {
  let s3rver: S3rver | undefined;
  let endpoint = '';
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), `phmb-s3rver-${bucket}-`));
  beforeAll(async () => {
    s3rver = new S3rver({
      port: 0,
      address: '127.0.0.1',
      silent: true,
      directory,
      configureBuckets: [{ name: bucket }],
    });
    endpoint = `http://127.0.0.1:${(await s3rver.run()).port}`;
  });
  afterAll(async () => {
    await s3rver?.close();
    fs.rmSync(directory, { recursive: true, force: true });
  });
  return {
    endpoint: () => {
      if (!endpoint) throw new Error('the local S3 server has not started yet');
      return endpoint;
    },
  };
}
