import { ApiError, type Segment, type UpdateTranscriptRequest } from '@scribe/api-client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createEditSession, serverCopyOf, withServerCopy, type ServerCopy } from './editSession.ts';
import { createPendingEdits, pendingEditKey, type EditStorage } from './pendingEdits.ts';

const seg = (text: string, start = 0): Segment => ({ start, end: start + 2, text, speaker: 'Unknown Speaker' });
const original: ServerCopy = { title: 'Interview', segments: [seg('Hello wrld', 0), seg('Second line', 2)], revision: 1 };
const KEY = pendingEditKey(7, 42);

function memoryStorage(): EditStorage & { map: Map<string, string> } {
  const map = new Map<string, string>();
  return {
    map,
    getItem: (k) => map.get(k) ?? null,
    setItem: (k, v) => void map.set(k, v),
    removeItem: (k) => void map.delete(k),
  };
}

/** A fake PATCH: each call waits until the test answers it. */
function fakeServer() {
  const calls: { body: UpdateTranscriptRequest; resolve: (r: { revision: number }) => void; reject: (e: unknown) => void }[] = [];
  const send = vi.fn(
    (body: UpdateTranscriptRequest) =>
      new Promise<{ revision: number }>((resolve, reject) => {
        calls.push({ body, resolve, reject });
      }),
  );
  return { calls, send };
}

const offline = () => ApiError.of(0, 'SAVE_TRANSCRIPT_FAILED');
const conflict = (current: number) => ApiError.of(409, 'REVISION_CONFLICT', { current });
const edited = (segments: Segment[], i: number, text: string) => segments.map((s, j) => (j === i ? { ...s, text } : s));

function setup(initial = original) {
  const storage = memoryStorage();
  const server = fakeServer();
  const onSaved = vi.fn();
  const session = createEditSession({
    initial,
    send: server.send,
    pending: createPendingEdits(storage),
    pendingKey: KEY,
    onSaved,
  });
  return { storage, server, onSaved, session };
}

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('autosave', () => {
  it('applies an edit at once, keeps it on the device, and saves it 800 ms after the last change', async () => {
    const { session, server, storage, onSaved } = setup();
    session.edit({ segments: edited(original.segments, 0, 'Hello world') });
    expect(session.getSnapshot()).toMatchObject({ status: 'saving', dirty: true });
    expect(session.getSnapshot().segments[0].text).toBe('Hello world');
    expect(JSON.parse(storage.map.get(KEY)!)).toMatchObject({ baseRevision: 1, segments: [{ text: 'Hello world' }, {}] });

    await vi.advanceTimersByTimeAsync(500);
    session.edit({ segments: edited(session.getSnapshot().segments, 1, 'Second line!') });
    await vi.advanceTimersByTimeAsync(799);
    expect(server.send).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(server.send).toHaveBeenCalledTimes(1);
    expect(server.calls[0].body).toEqual({
      baseRevision: 1,
      segments: [expect.objectContaining({ text: 'Hello world' }), expect.objectContaining({ text: 'Second line!' })],
    });

    server.calls[0].resolve({ revision: 2 });
    await vi.advanceTimersByTimeAsync(0);
    expect(session.getSnapshot()).toMatchObject({ status: 'saved', dirty: false, revision: 2 });
    expect(storage.map.has(KEY)).toBe(false);
    expect(onSaved).toHaveBeenCalledWith(expect.objectContaining({ revision: 2, title: 'Interview', titleChanged: false }));
  });

  it('keeps one save in flight; edits made meanwhile go together in the next one, on the new revision', async () => {
    const { session, server } = setup();
    session.edit({ segments: edited(original.segments, 0, 'A') });
    await vi.advanceTimersByTimeAsync(800);
    session.edit({ segments: edited(session.getSnapshot().segments, 0, 'AB') });
    session.edit({ title: 'Renamed' });
    await vi.advanceTimersByTimeAsync(2000);
    expect(server.send).toHaveBeenCalledTimes(1);

    server.calls[0].resolve({ revision: 2 });
    await vi.advanceTimersByTimeAsync(0);
    expect(server.send).toHaveBeenCalledTimes(2);
    expect(server.calls[1].body).toMatchObject({ baseRevision: 2, title: 'Renamed', segments: [{ text: 'AB' }, {}] });
    expect(session.getSnapshot().status).toBe('saving');
    server.calls[1].resolve({ revision: 3 });
    await vi.advanceTimersByTimeAsync(0);
    expect(session.getSnapshot()).toMatchObject({ status: 'saved', revision: 3, title: 'Renamed' });
  });

  it('sends the title alone when only the title changed', async () => {
    const { session, server } = setup();
    session.edit({ title: 'New title' });
    await vi.advanceTimersByTimeAsync(800);
    expect(server.calls[0].body).toEqual({ baseRevision: 1, title: 'New title' });
  });
});

describe('offline', () => {
  it('keeps the copy, says offline, retries with backoff and at once when the connection is back', async () => {
    const { session, server, storage } = setup();
    session.edit({ segments: edited(original.segments, 0, 'Offline edit') });
    await vi.advanceTimersByTimeAsync(800);
    server.calls[0].reject(offline());
    await vi.advanceTimersByTimeAsync(0);
    expect(session.getSnapshot()).toMatchObject({ status: 'offline', dirty: true });
    expect(JSON.parse(storage.map.get(KEY)!)).toMatchObject({ baseRevision: 1, segments: [{ text: 'Offline edit' }, {}] });

    await vi.advanceTimersByTimeAsync(1000);
    expect(server.send).toHaveBeenCalledTimes(2);
    server.calls[1].reject(offline());
    await vi.advanceTimersByTimeAsync(1999);
    expect(server.send).toHaveBeenCalledTimes(2); // the second wait is 2 s
    session.retryNow();
    expect(server.send).toHaveBeenCalledTimes(3);
    server.calls[2].resolve({ revision: 2 });
    await vi.advanceTimersByTimeAsync(0);
    expect(session.getSnapshot()).toMatchObject({ status: 'saved', revision: 2 });
    expect(storage.map.has(KEY)).toBe(false);
  });

  it('a copy kept by an earlier visit on the same revision is applied and sent at once', async () => {
    const { session, server, storage } = setup();
    storage.map.set(KEY, JSON.stringify({ baseRevision: 1, segments: edited(original.segments, 0, 'Kept'), updatedAt: 1 }));
    session.resume(createPendingEdits(storage).read(KEY));
    expect(session.getSnapshot().segments[0].text).toBe('Kept');
    expect(server.calls[0].body).toMatchObject({ baseRevision: 1, segments: [{ text: 'Kept' }, {}] });
  });

  it('a kept copy made on an older revision is a conflict, not an overwrite; one the server already has is dropped', () => {
    const newer = { ...original, revision: 3 };
    const a = setup(newer);
    a.storage.map.set(KEY, JSON.stringify({ baseRevision: 2, segments: edited(original.segments, 0, 'Mine'), updatedAt: 1 }));
    a.session.resume(createPendingEdits(a.storage).read(KEY));
    expect(a.session.getSnapshot()).toMatchObject({ status: 'conflict', conflictRevision: 3, dirty: true });
    expect(a.server.send).not.toHaveBeenCalled();

    const b = setup(newer);
    b.storage.map.set(KEY, JSON.stringify({ baseRevision: 2, segments: original.segments, updatedAt: 1 }));
    b.session.resume(createPendingEdits(b.storage).read(KEY));
    expect(b.session.getSnapshot()).toMatchObject({ status: 'idle', dirty: false });
    expect(b.storage.map.has(KEY)).toBe(false);
  });

  it('a kept copy whose save reached the server before a reload is dropped, though the server stored it in its own form', () => {
    // The reload cut the save's answer off: the copy still names the revision it was made on. The server
    // has it, with its keys in another order and the edited segment's words timed again.
    const mine = original.segments.map((s) => ({ ...s, speaker: 'Carol' }));
    const stored = mine.map(({ start, end, text, speaker }) => ({
      text,
      speaker,
      words: [{ text, start, end }],
      start,
      end,
      confidence: 0.9,
    }));
    const { session, server, storage } = setup({ title: 'Interview', segments: stored, revision: 2 });
    storage.map.set(KEY, JSON.stringify({ baseRevision: 1, segments: mine, updatedAt: 1 }));
    session.resume(createPendingEdits(storage).read(KEY));
    expect(session.getSnapshot()).toMatchObject({ status: 'idle', dirty: false, revision: 2 });
    expect(server.send).not.toHaveBeenCalled();
    expect(storage.map.has(KEY)).toBe(false);
  });
});

describe('conflicts', () => {
  it('a 409 shows the conflict; Keep my text sends the whole copy on the current revision', async () => {
    const { session, server, storage } = setup();
    session.edit({ segments: edited(original.segments, 0, 'Mine') });
    await vi.advanceTimersByTimeAsync(800);
    server.calls[0].reject(conflict(4));
    await vi.advanceTimersByTimeAsync(0);
    expect(session.getSnapshot()).toMatchObject({ status: 'conflict', conflictRevision: 4, dirty: true });
    expect(storage.map.has(KEY)).toBe(true);
    // No more saves by themselves while the user decides.
    session.edit({ segments: edited(session.getSnapshot().segments, 1, 'Also mine') });
    await vi.advanceTimersByTimeAsync(5000);
    expect(server.send).toHaveBeenCalledTimes(1);

    session.keepMine();
    expect(server.calls[1].body).toMatchObject({
      baseRevision: 4,
      title: 'Interview',
      segments: [{ text: 'Mine' }, { text: 'Also mine' }],
    });
    server.calls[1].resolve({ revision: 5 });
    await vi.advanceTimersByTimeAsync(0);
    expect(session.getSnapshot()).toMatchObject({ status: 'saved', revision: 5, conflictRevision: null });
  });

  it('Reload drops the local changes and takes the server copy', async () => {
    const { session, server, storage } = setup();
    session.edit({ segments: edited(original.segments, 0, 'Mine') });
    await vi.advanceTimersByTimeAsync(800);
    server.calls[0].reject(conflict(2));
    await vi.advanceTimersByTimeAsync(0);
    const theirs = { title: 'Interview', segments: edited(original.segments, 0, 'Theirs'), revision: 2 };
    session.reset(theirs);
    expect(session.getSnapshot()).toMatchObject({ status: 'idle', dirty: false, revision: 2 });
    expect(session.getSnapshot().segments[0].text).toBe('Theirs');
    expect(storage.map.has(KEY)).toBe(false);
  });

  it('a newer revision from elsewhere reloads a clean copy quietly and is a conflict for a dirty one', () => {
    const clean = setup();
    const theirs = { title: 'Interview', segments: edited(original.segments, 0, 'Theirs'), revision: 2 };
    clean.session.serverChanged(theirs);
    expect(clean.session.getSnapshot()).toMatchObject({ status: 'idle', revision: 2, dirty: false });
    expect(clean.session.getSnapshot().segments[0].text).toBe('Theirs');

    const dirty = setup();
    dirty.session.edit({ segments: edited(original.segments, 0, 'Mine') });
    dirty.session.serverChanged(theirs);
    expect(dirty.session.getSnapshot()).toMatchObject({ status: 'conflict', conflictRevision: 2 });
    expect(dirty.session.getSnapshot().segments[0].text).toBe('Mine');
  });

  it('a newer revision that changed only what this copy did not (a rename in the tree) is taken without a conflict', async () => {
    const { session, server } = setup();
    session.edit({ segments: edited(original.segments, 0, 'Mine') });
    session.serverChanged({ ...original, title: 'Renamed in the tree', revision: 2 });
    expect(session.getSnapshot()).toMatchObject({ status: 'saving', revision: 2, title: 'Renamed in the tree', dirty: true });
    await vi.advanceTimersByTimeAsync(800);
    expect(server.calls[0].body).toEqual({
      baseRevision: 2,
      segments: expect.arrayContaining([expect.objectContaining({ text: 'Mine' })]),
    });
  });

  it("a title renamed elsewhere after a save is no conflict with text edited since: the server's form of the saved text is the same text", async () => {
    const { session, server } = setup();
    session.edit({ segments: edited(original.segments, 0, 'Mine') });
    await vi.advanceTimersByTimeAsync(800);
    const sent = server.calls[0].body.segments ?? [];
    server.calls[0].resolve({ revision: 2 });
    await vi.advanceTimersByTimeAsync(0);
    session.edit({ segments: edited(session.getSnapshot().segments, 1, 'More') });
    const stored = sent.map(({ start, end, text, speaker }) => ({ end, text, start, speaker, words: [{ text, start, end }] }));
    session.serverChanged({ title: 'Renamed in the tree', segments: stored, revision: 3 });
    expect(session.getSnapshot()).toMatchObject({ status: 'saving', revision: 3, title: 'Renamed in the tree', dirty: true });
    expect(session.getSnapshot().segments[1].text).toBe('More');
  });

  it('its own new revision, reported while the save is in flight, is no conflict', async () => {
    const { session, server } = setup();
    session.edit({ segments: edited(original.segments, 0, 'Mine') });
    await vi.advanceTimersByTimeAsync(800);
    session.serverChanged({ title: 'Interview', segments: session.getSnapshot().segments, revision: 2 });
    server.calls[0].resolve({ revision: 2 });
    await vi.advanceTimersByTimeAsync(0);
    expect(session.getSnapshot()).toMatchObject({ status: 'saved', revision: 2 });
  });
});

describe('refusals', () => {
  it('a refused change (400) shows the reason and is not retried by itself; the copy stays on the device', async () => {
    const { session, server, storage } = setup();
    session.edit({ segments: edited(original.segments, 0, 'x\u0007') });
    await vi.advanceTimersByTimeAsync(800);
    server.calls[0].reject(ApiError.of(400, 'SEGMENT_CONTROL_CHARACTERS'));
    await vi.advanceTimersByTimeAsync(60_000);
    expect(session.getSnapshot().status).toBe('error');
    expect(session.getSnapshot().error?.code).toBe('SEGMENT_CONTROL_CHARACTERS');
    expect(server.send).toHaveBeenCalledTimes(1);
    expect(storage.map.has(KEY)).toBe(true);
  });
});

describe('the cached transcript after a save', () => {
  it('takes the saved title, revision and segments, and the content the way the server joins it', () => {
    const transcript = {
      id: 42,
      title: 'Interview',
      content: 'Hello wrld Second line',
      audioUrl: null,
      mediaKind: 'audio' as const,
      folderId: null,
      createdAt: '2026-01-01T00:00:00Z',
      revision: 1,
      metadata: { duration: 4, status: 'completed' as const, progress: 100, error: null, language: 'en', timestamps: original.segments },
    };
    const next = withServerCopy(transcript, { title: 'Renamed', segments: [seg(' Hello world '), seg(''), seg('Bye', 2)], revision: 2 });
    expect(next).toMatchObject({ title: 'Renamed', revision: 2, content: 'Hello world Bye', metadata: { duration: 4 } });
    expect(next.metadata.timestamps).toHaveLength(3);
    expect(serverCopyOf(next)).toEqual({ title: 'Renamed', segments: next.metadata.timestamps, revision: 2 });
  });
});
