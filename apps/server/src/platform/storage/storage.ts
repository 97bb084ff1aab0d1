import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, rename, rm, stat, readFile, writeFile } from 'node:fs/promises';
import { dirname, join, resolve, sep } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { assertStorageKey, type FileStorage } from './file-storage';
import { createS3Storage, type S3Config } from './s3';

/** Files on the local disk under `root`, with the content type kept in a `.meta` file beside each. */
export function createLocalStorage(root: string): FileStorage {
  const base = resolve(root);
  const pathOf = (key: string) => {
    assertStorageKey(key);
    const path = resolve(base, key);
    if (!path.startsWith(base + sep)) throw new Error(`Invalid storage key: ${JSON.stringify(key)}`);
    return path;
  };
  return {
    async put(key, body, contentType) {
      const path = pathOf(key);
      await mkdir(dirname(path), { recursive: true });
      const tmp = `${path}.${process.pid}.${Date.now()}.part`;
      try {
        await pipeline(body, createWriteStream(tmp));
        await writeFile(
          `${path}.meta`,
          JSON.stringify({ contentType: typeof contentType === 'function' ? contentType() : contentType }),
        );
        await rename(tmp, path);
      } catch (err) {
        await rm(tmp, { force: true });
        throw err;
      }
      return { size: (await stat(path)).size };
    },
    async get(key) {
      let path: string;
      try {
        path = pathOf(key);
      } catch {
        return null;
      }
      try {
        const [info, meta] = await Promise.all([stat(path), readFile(`${path}.meta`, 'utf8')]);
        if (!info.isFile()) return null;
        const { contentType } = JSON.parse(meta) as { contentType: string };
        return { stream: createReadStream(path), size: info.size, contentType };
      } catch {
        return null;
      }
    },
    async delete(key) {
      const path = pathOf(key);
      await Promise.all([rm(path, { force: true }), rm(`${path}.meta`, { force: true })]);
    },
    async deleteFolder(folder) {
      await rm(pathOf(folder), { recursive: true, force: true });
    },
  };
}

/** The storage of this server: an S3-compatible bucket when configured, else local files under DATA_DIR/files. */
export function createFileStorage({ dataDir, s3 }: { dataDir: string; s3?: S3Config }): FileStorage {
  return s3 ? createS3Storage(s3) : createLocalStorage(join(dataDir, 'files'));
}
