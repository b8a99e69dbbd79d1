/**
 * The local-folder backend: `<root>/<area>/<key>` on this machine's disk (root is
 * DATA_DIR/uploads, the layout every earlier version wrote). The one file in the project that
 * turns storage keys into paths.
 */
import { createReadStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { checkKey, type Area, type StorageBackend, type StoredObject } from './backend.ts';

const missing = (err: unknown) => (err as NodeJS.ErrnoException).code === 'ENOENT';

export function localFolderBackend(root: string): StorageBackend {
  const fileOf = (area: Area, key: string) => path.join(root, area, checkKey(key));

  async function stat(area: Area, key: string): Promise<StoredObject | undefined> {
    try {
      const info = await fs.stat(fileOf(area, key));
      return info.isFile() ? { key, size: info.size, lastModified: info.mtime } : undefined;
    } catch (err) {
      if (missing(err)) return undefined;
      throw err;
    }
  }

  return {
    async put(area, key, data) {
      const file = fileOf(area, key);
      await fs.mkdir(path.dirname(file), { recursive: true });
      // write-then-rename: a crash never leaves a half-written file under the final name
      const temp = `${file}.${process.pid}.tmp`;
      await fs.writeFile(temp, data);
      await fs.rename(temp, file);
    },

    async get(area, key) {
      try {
        return await fs.readFile(fileOf(area, key));
      } catch (err) {
        if (missing(err)) return undefined;
        throw err;
      }
    },

    async open(area, key) {
      const info = await stat(area, key);
      if (!info) return undefined;
      // a file removed between stat and open surfaces as a stream error, which the server handles
      return { info, stream: createReadStream(fileOf(area, key)) };
    },

    stat,

    async delete(area, key) {
      await fs.rm(fileOf(area, key), { force: true });
    },

    async *list(area, prefix) {
      const dir = prefix === '' ? path.join(root, area) : fileOf(area, prefix);
      let entries;
      try {
        entries = await fs.readdir(dir, { recursive: true, withFileTypes: true });
      } catch (err) {
        if (missing(err)) return;
        throw err;
      }
      const areaDir = path.join(root, area);
      for (const entry of entries) {
        if (!entry.isFile()) continue;
        const key = path.relative(areaDir, path.join(entry.parentPath, entry.name)).split(path.sep).join('/');
        const info = await stat(area, key).catch(() => undefined);
        // gone since the listing (removed by another sweep or request): nothing to report
        if (info) yield info;
      }
    },
  };
}
