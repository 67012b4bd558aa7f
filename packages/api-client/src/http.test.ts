import { describe, expect, it } from 'vitest';
import { ApiError, apiErrorFromBody, createHttp, fileNameFrom, HttpStatusError } from './http.ts';
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

describe('ApiError codes', () => {
  const reply = (status: number, body: unknown) =>
    (async () => new Response(typeof body === 'string' ? body : JSON.stringify(body), { status })) as typeof fetch;

  it("takes the code, params and coded field errors of the server's answer", async () => {
    const http = createHttp({
      fetch: reply(400, {
        error: 'Name must be at least 2 characters long',
        code: 'NAME_MIN',
        fieldErrors: { name: { code: 'NAME_MIN', error: 'Name must be at least 2 characters long' } },
      }),
    });
    const error = (await http.send('POST', '/x', {}, 'REGISTRATION_FAILED').catch((e: unknown) => e)) as ApiError;
    expect(error).toBeInstanceOf(ApiError);
    expect(error.status).toBe(400);
    expect(error.code).toBe('NAME_MIN');
    expect(error.message).toBe('Name must be at least 2 characters long');
    expect(error.fieldErrors).toEqual({ name: 'Name must be at least 2 characters long' });
    expect(error.fields).toEqual({ name: { code: 'NAME_MIN', error: 'Name must be at least 2 characters long' } });
  });

  it('keeps params of a parameterised answer', async () => {
    const http = createHttp({
      fetch: reply(413, { error: 'Please upload a file smaller than 100MB.', code: 'FILE_TOO_LARGE', params: { maxMb: '100' } }),
    });
    const error = (await http.send('POST', '/x', {}, 'UPLOAD_FAILED').catch((e: unknown) => e)) as ApiError;
    expect(error.code).toBe('FILE_TOO_LARGE');
    expect(error.params).toEqual({ maxMb: '100' });
  });

  it("answers the client's own code when the server gives no error answer or cannot be reached", async () => {
    const notJson = await createHttp({ fetch: reply(502, '<html>Bad gateway</html>') })
      .send('POST', '/x', {}, 'LOGIN_FAILED')
      .catch((e: unknown) => e as ApiError);
    expect(notJson).toMatchObject({ status: 502, code: 'LOGIN_FAILED', message: 'Login failed' });
    const offline = await createHttp({ fetch: (async () => Promise.reject(new TypeError('offline'))) as typeof fetch })
      .send('POST', '/x', {}, 'SAVE_PROMPT_FAILED')
      .catch((e: unknown) => e as ApiError);
    expect(offline).toMatchObject({ status: 0, code: 'SAVE_PROMPT_FAILED', message: 'Failed to save prompt' });
  });

  it('finds the code of an older answer without one by its text, else leaves it out and keeps the English', () => {
    expect(apiErrorFromBody(401, JSON.stringify({ error: 'Not authenticated' }))?.code).toBe('NOT_AUTHENTICATED');
    const unknown = apiErrorFromBody(500, JSON.stringify({ error: 'Something else' }));
    expect(unknown).toMatchObject({ message: 'Something else' });
    expect(unknown?.code).toBeUndefined();
    // A newer server's code that this client does not know: the same, its English is what is shown.
    const newer = apiErrorFromBody(409, JSON.stringify({ error: 'A newer refusal', code: 'SOMETHING_NEW' }));
    expect(newer).toMatchObject({ status: 409, message: 'A newer refusal' });
    expect(newer?.code).toBeUndefined();
    expect(apiErrorFromBody(500, 'not json')).toBeUndefined();
    expect(new HttpStatusError(404, 'Not Found')).toMatchObject({ code: 'HTTP_STATUS', params: { status: 404, statusText: 'Not Found' } });
  });
});
