import { describe, expect, it } from 'vitest';
import { fileNameFrom, HttpStatusError } from './http.ts';
import { createApiClient } from './client.ts';

describe('downloads and status errors', () => {
  it("takes the export's file name from Content-Disposition, filename* first", () => {
    expect(fileNameFrom(`attachment; filename="Gruesse.docx"; filename*=UTF-8''Gr%C3%BC%C3%9Fe.docx`, 'x')).toBe('Grüße.docx');
    expect(fileNameFrom('attachment; filename="notes.txt"', 'x')).toBe('notes.txt');
    expect(fileNameFrom(null, 'export.txt')).toBe('export.txt');
  });

  it('keeps the status line of a failed request', () => {
    const error = new HttpStatusError(500, 'Internal Server Error');
    expect(error.status).toBe(500);
    expect(error.statusText).toBe('Internal Server Error');
    expect(error.message).toBe('500 Internal Server Error');
  });
});

describe('requests that outlive the page', () => {
  it('sends a keepalive DELETE with the cookies and the X-Requested-With header, and drops a failure', async () => {
    const calls: [string, RequestInit | undefined][] = [];
    const api = createApiClient({
      fetch: (input, init) => {
        calls.push([String(input), init]);
        return Promise.reject(new TypeError('Failed to fetch'));
      },
    });
    api.folders.removeOnUnload(3);
    api.transcripts.removeOnUnload(7);
    await Promise.resolve();
    expect(calls).toEqual([
      ['/api/folders/3', { method: 'DELETE', keepalive: true, credentials: 'include', headers: { 'X-Requested-With': 'XMLHttpRequest' } }],
      [
        '/api/transcripts/7',
        { method: 'DELETE', keepalive: true, credentials: 'include', headers: { 'X-Requested-With': 'XMLHttpRequest' } },
      ],
    ]);
  });
});
