import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { text } from 'node:stream/consumers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assertSafeKey, LocalFileStorage } from './file-storage.ts';
import { PUBLIC_FILE_NAME, PublicFiles } from './public-files.ts';
import { PNG_1X1 } from './test-images.ts';

describe('local file storage', () => {
  let dir: string;
  let storage: LocalFileStorage;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'portal-files-'));
    storage = new LocalFileStorage(dir);
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('stores, replaces, opens and removes a file (removal idempotent)', async () => {
    await storage.put('a/b.txt', Buffer.from('one'));
    await storage.put('a/b.txt', Buffer.from('two'));
    const file = await storage.open('a/b.txt');
    expect(file?.size).toBe(3);
    expect(await text(file!.stream)).toBe('two');
    // No temporary files left behind.
    expect(await readdir(join(dir, 'a'))).toEqual(['b.txt']);
    await storage.remove('a/b.txt');
    await storage.remove('a/b.txt');
    expect(await storage.open('a/b.txt')).toBeNull();
    expect(await storage.open('a')).toBeNull();
  });

  it('refuses keys that could leave its directory', () => {
    for (const key of ['../x', 'a/../../x', '/etc/passwd', 'a//b', '.', 'a/..', '', 'a\\b', 'a b'])
      expect(() => assertSafeKey(key), key).toThrow();
    for (const key of ['a', 'public/0123.png', 'x/y/z-1_2.tar.gz', 'a/.hidden'])
      expect(() => assertSafeKey(key), key).not.toThrow();
  });

  it('public images get random names, and only our URLs are removed', async () => {
    const files = new PublicFiles(storage);
    const first = await files.storeImage(PNG_1X1, 'png');
    const second = await files.storeImage(PNG_1X1, 'png');
    expect(first).not.toBe(second);
    const name = first.slice('/files/'.length);
    expect(name).toMatch(PUBLIC_FILE_NAME);
    expect((await files.open(name))?.contentType).toBe('image/png');
    expect(await files.open('../secret.png')).toBeNull();
    await files.removeByUrl('https://elsewhere.example/files/x.png');
    await files.removeByUrl(null);
    await files.removeByUrl(first);
    expect(await files.open(name)).toBeNull();
    expect(await files.open(second.slice('/files/'.length))).not.toBeNull();
  });
});
