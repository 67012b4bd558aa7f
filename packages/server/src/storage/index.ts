import { join } from 'node:path';
import type { Config } from '../config.ts';
import { createLocalStorage } from './local.ts';
import { createS3Storage } from './s3.ts';
import type { Storage } from './types.ts';

export type { ByteRange, Storage, StoredObject } from './types.ts';

/** The storage chosen by STORAGE_DRIVER. */
export function createStorage(config: Pick<Config, 'storage' | 'dataDir'>): Storage {
  const s = config.storage;
  if (s.driver === 's3') return createS3Storage(s);
  return createLocalStorage(join(config.dataDir, 'files'));
}
