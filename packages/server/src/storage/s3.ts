import type * as S3Sdk from '@aws-sdk/client-s3';
import type * as S3Upload from '@aws-sdk/lib-storage';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { PassThrough } from 'node:stream';
import { byteCounter } from './streams.ts';
import { assertKey, assertPrefix, type ByteRange, type Storage } from './types.ts';
import { lazyModule } from '../lazy-module.ts';

// Loaded only when S3 is configured: the SDK is a large part of start-up otherwise.
const s3Sdk = lazyModule<typeof S3Sdk>('@aws-sdk/client-s3');
const s3Upload = lazyModule<typeof S3Upload>('@aws-sdk/lib-storage');

export interface S3StorageOptions {
  endpoint: string | undefined;
  region: string;
  bucket: string;
  accessKeyId: string | undefined;
  secretAccessKey: string | undefined;
  forcePathStyle: boolean;
}

function isNotFound(err: unknown): boolean {
  if (err instanceof s3Sdk().S3ServiceException) {
    return err.name === 'NotFound' || err.name === 'NoSuchKey' || err.$metadata.httpStatusCode === 404;
  }
  return false;
}

/** S3-compatible object storage (AWS, MinIO, s3rver...). */
export function createS3Storage(options: S3StorageOptions): Storage {
  const { DeleteObjectCommand, GetObjectCommand, HeadObjectCommand, ListObjectsV2Command, S3Client } = s3Sdk();
  const { Upload } = s3Upload();
  const client = new S3Client({
    region: options.region,
    endpoint: options.endpoint,
    forcePathStyle: options.forcePathStyle,
    credentials:
      options.accessKeyId && options.secretAccessKey
        ? { accessKeyId: options.accessKeyId, secretAccessKey: options.secretAccessKey }
        : undefined,
    // With the default (WHEN_SUPPORTED) a streamed body is sent aws-chunked with a trailing
    // checksum, and S3-compatible servers that don't know that encoding store the framing.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
  const Bucket = options.bucket;

  return {
    kind: 's3',

    async put(key, body: Readable, putOptions) {
      assertKey(key);
      const counter = byteCounter();
      const pass = new PassThrough();
      // The stream's length is unknown: lib-storage sends it as one PutObject when it fits in a
      // part, else as a multipart upload (aborted on failure, so no partial object remains).
      const upload = new Upload({
        client,
        params: { Bucket, Key: key, Body: pass, ContentType: putOptions?.contentType },
        partSize: 5 * 1024 * 1024,
        queueSize: 2,
        leavePartsOnError: false,
      });
      // A failing body destroys `pass`, which makes done() abort the multipart upload before it
      // rejects: wait for both, so no parts are left on the server when put() rejects. A failing
      // upload destroys `pass` in turn, so the body is not left waiting for a reader.
      const uploading = upload.done().catch((err: unknown) => {
        pass.destroy(err as Error);
        throw err;
      });
      const [fed, uploaded] = await Promise.allSettled([pipeline(body, counter, pass), uploading]);
      if (fed.status === 'rejected') throw fed.reason;
      if (uploaded.status === 'rejected') throw uploaded.reason;
      return { bytes: counter.bytes };
    },

    async get(key, range?: ByteRange) {
      assertKey(key);
      try {
        const res = await client.send(
          new GetObjectCommand({ Bucket, Key: key, Range: range ? `bytes=${range.start}-${range.end}` : undefined }),
        );
        // Content-Range "bytes a-b/size" carries the full size of a ranged answer.
        const total = res.ContentRange ? Number(res.ContentRange.split('/')[1]) : res.ContentLength;
        return { stream: res.Body as Readable, size: total ?? 0 };
      } catch (err) {
        if (isNotFound(err)) return null;
        throw err;
      }
    },

    async stat(key) {
      assertKey(key);
      try {
        const res = await client.send(new HeadObjectCommand({ Bucket, Key: key }));
        return { size: res.ContentLength ?? 0 };
      } catch (err) {
        if (isNotFound(err)) return null;
        throw err;
      }
    },

    async delete(key) {
      assertKey(key);
      await client.send(new DeleteObjectCommand({ Bucket, Key: key }));
    },

    async deletePrefix(prefix) {
      assertPrefix(prefix);
      let token: string | undefined;
      do {
        const page = await client.send(new ListObjectsV2Command({ Bucket, Prefix: prefix, ContinuationToken: token }));
        const keys = (page.Contents ?? []).flatMap((o) => (o.Key ? [o.Key] : []));
        // One DELETE per key keeps to what every S3-compatible server supports; a prefix here holds
        // a few objects (an audio file, or the chunks of one upload).
        await Promise.all(keys.map((Key) => client.send(new DeleteObjectCommand({ Bucket, Key }))));
        token = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (token);
    },

    async close() {
      client.destroy();
    },
  };
}
