import { createHash, randomBytes } from 'node:crypto';
import { paths, sharePagePath, shareTokenPattern, type CreateShareResponse, type PublicShare, type Share } from '@scribe/api-client';
import type { ShareRow } from '../../db/schema.ts';
import { HttpError } from '../../http/errors.ts';
import type { Storage } from '../../storage/index.ts';
import { readAudio, type AudioAnswer } from '../transcripts/service.ts';
import type { SharesRepository } from './repository.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

/** 32 random bytes, base64url (43 characters): too many to guess. */
export function newShareToken(): string {
  return randomBytes(32).toString('base64url');
}

/** What is stored instead of the token: a leaked table opens no link. */
export function hashShareToken(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('base64url');
}

const summaryOf = (row: ShareRow, now: Date): Share => ({
  id: row.id,
  transcriptId: row.transcriptId,
  includeAiOutputs: row.includeAiOutputs,
  createdAt: row.createdAt.toISOString(),
  expiresAt: row.expiresAt?.toISOString() ?? null,
  expired: row.expiresAt !== null && row.expiresAt.getTime() <= now.getTime(),
});

export function createSharesService(deps: { repo: SharesRepository; storage: Storage; now?: () => Date }) {
  const { repo, storage } = deps;
  const now = deps.now ?? (() => new Date());
  // A wrong, expired or revoked token: one answer, so none can be told apart.
  const notShared = () => new HttpError(404, 'SHARE_NOT_FOUND');

  async function live(token: string, withSegments = false) {
    if (!shareTokenPattern.test(token)) throw notShared();
    const row = await repo.live(hashShareToken(token), now(), { withSegments });
    if (!row) throw notShared();
    return row;
  }

  return {
    async create(
      userId: number,
      transcriptId: number,
      body: { expiresAt?: string; expiresInDays?: number; includeAiOutputs: boolean },
    ): Promise<CreateShareResponse> {
      const at = now();
      let expiresAt: Date | null = null;
      if (body.expiresInDays !== undefined) expiresAt = new Date(at.getTime() + body.expiresInDays * DAY_MS);
      if (body.expiresAt !== undefined) {
        expiresAt = new Date(body.expiresAt);
        if (!(expiresAt.getTime() > at.getTime())) throw new HttpError(400, 'SHARE_EXPIRY_INVALID', { field: 'expiresAt' });
      }
      const token = newShareToken();
      const row = await repo.create(userId, transcriptId, {
        tokenHash: hashShareToken(token),
        includeAiOutputs: body.includeAiOutputs,
        expiresAt,
      });
      if (!row) throw new HttpError(404, 'TRANSCRIPT_NOT_FOUND');
      return { id: row.id, token, url: sharePagePath(token) };
    },

    async list(userId: number, transcriptId: number): Promise<Share[]> {
      const rows = await repo.list(userId, transcriptId);
      if (!rows) throw new HttpError(404, 'TRANSCRIPT_NOT_FOUND');
      const at = now();
      return rows.map((row) => summaryOf(row, at));
    },

    async revoke(userId: number, id: number): Promise<void> {
      if (!(await repo.remove(userId, id))) throw notShared();
    },

    /** The public page's data: the transcript's current text and, when shared, its AI outputs. */
    async page(token: string): Promise<PublicShare> {
      const row = await live(token, true);
      const outputs = row.includeAiOutputs ? await repo.aiOutputs(row.transcriptId) : [];
      return {
        title: row.title,
        duration: row.duration,
        language: row.language,
        // Only a finished transcript has text to show; the review flags are the owner's working notes.
        segments:
          row.status === 'completed' ? row.segments.map((s) => ({ start: s.start, end: s.end, text: s.text, speaker: s.speaker })) : [],
        audioUrl: row.audioKey ? paths.publicShareAudio(token) : null,
        mediaKind: row.mediaKind,
        aiOutputs: outputs.map((o) => ({ id: o.id, prompt: o.prompt, output: o.output, createdAt: o.createdAt.toISOString() })),
        includeAiOutputs: row.includeAiOutputs,
      };
    },

    /** The shared transcript's audio, whole or the one range asked for (as the owner's audio route). */
    async audio(token: string, rangeHeader: string | undefined): Promise<AudioAnswer> {
      const row = await live(token);
      if (!row.audioKey) throw notShared();
      return readAudio(storage, { key: row.audioKey, mime: row.audioMime }, rangeHeader, notShared);
    },
  };
}
export type SharesService = ReturnType<typeof createSharesService>;
