import { readdirSync, rmSync } from 'node:fs';
import S3rver from 's3rver';
import { tempDir } from './helpers.ts';

export interface FakeS3 {
  env: Record<string, string>;
  options: {
    endpoint: string;
    region: string;
    bucket: string;
    accessKeyId: string;
    secretAccessKey: string;
    forcePathStyle: boolean;
  };
  /** Where s3rver keeps its objects, to check for leftovers. */
  directory: string;
  close(): Promise<void>;
}

/** An s3rver on 127.0.0.1 with a random port, a temp directory and one bucket. */
export async function startFakeS3(bucket = 'scribe-test'): Promise<FakeS3> {
  const directory = tempDir('scribe-s3-');
  const server = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory, configureBuckets: [{ name: bucket }] });
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  // s3rver accepts only its built-in key pair.
  const options = { endpoint, region: 'us-east-1', bucket, accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER', forcePathStyle: true };
  return {
    options,
    env: {
      STORAGE_DRIVER: 's3',
      S3_ENDPOINT: endpoint,
      S3_REGION: options.region,
      S3_BUCKET: bucket,
      S3_ACCESS_KEY_ID: options.accessKeyId,
      S3_SECRET_ACCESS_KEY: options.secretAccessKey,
      S3_FORCE_PATH_STYLE: 'true',
    },
    directory,
    async close() {
      await server.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}

/** Object keys s3rver holds in the bucket (it stores each object as '<key>._S3rver_object'). */
export function objectKeys(s3: FakeS3): string[] {
  const root = `${s3.directory}/${s3.options.bucket}/`;
  const suffix = '._S3rver_object';
  return readdirSync(root, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile() && e.name.endsWith(suffix))
    .map((e) => `${e.parentPath}/${e.name}`.slice(root.length, -suffix.length))
    .sort();
}
