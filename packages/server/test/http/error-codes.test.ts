import { apiErrorCodes, apiErrorText, type ApiErrorBody } from '@scribe/api-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { register, startServer, XHR, type TestServer } from '../helpers.ts';

// Codes whose `error` may be someone else's English (zod's or a Fastify plugin's own message).
const foreignText = new Set(['INVALID_VALUE', 'BAD_REQUEST']);

/** An error answer as the contract says: a known code, and the registry's text for it (field errors too). */
function expectCoded(label: string, status: number, body: unknown): ApiErrorBody {
  expect(status, label).toBeGreaterThanOrEqual(400);
  const coded = body as ApiErrorBody;
  expect(apiErrorCodes, `${label}: ${JSON.stringify(body)}`).toContain(coded.code);
  if (!foreignText.has(coded.code)) expect(coded.error, label).toBe(apiErrorText(coded.code, coded.params));
  for (const [field, fieldError] of Object.entries(coded.fieldErrors ?? {})) {
    expect(apiErrorCodes, `${label} ${field}`).toContain(fieldError.code);
    if (!foreignText.has(fieldError.code))
      expect(fieldError.error, `${label} ${field}`).toBe(apiErrorText(fieldError.code, fieldError.params));
  }
  return coded;
}

describe('every error answer carries a code of the registry', () => {
  let server: TestServer;
  let cookie: string;

  beforeAll(async () => {
    server = await startServer();
    ({ cookie } = await register(server));
  });
  afterAll(() => server.close());

  async function call(method: string, path: string, init: { body?: string; headers?: Record<string, string>; signedIn?: boolean } = {}) {
    const headers: Record<string, string> = { ...XHR, ...(init.signedIn === false ? {} : { Cookie: cookie }), ...init.headers };
    const res = await fetch(server.url + path, { method, headers, body: init.body });
    const text = await res.text();
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch {
      throw new Error(`${method} ${path}: non-JSON ${res.status} answer: ${text}`);
    }
    return expectCoded(`${method} ${path}`, res.status, body);
  }
  const json = (value: unknown) => ({ body: JSON.stringify(value), headers: { 'Content-Type': 'application/json' } });

  it('names the cause of each refusal, across the API', async () => {
    const cases: Array<[ReturnType<typeof call>, string]> = [
      [call('GET', '/api/no-such-route'), 'NOT_FOUND'],
      [call('GET', '/api/auth/me', { signedIn: false }), 'NOT_AUTHENTICATED'],
      [
        call('POST', '/api/auth/login', { ...json({}), headers: { 'Content-Type': 'application/json', 'X-Requested-With': 'fetch' } }),
        'MISSING_REQUESTED_WITH',
      ],
      [call('POST', '/api/auth/login', { body: '{', headers: { 'Content-Type': 'application/json' } }), 'MALFORMED_JSON'],
      [call('POST', '/api/auth/login', { body: '', headers: { 'Content-Type': 'application/json' } }), 'EMPTY_BODY'],
      [call('POST', '/api/auth/login', { body: 'a=1', headers: { 'Content-Type': 'text/csv' } }), 'UNSUPPORTED_MEDIA_TYPE'],
      [call('POST', '/api/auth/login', json([1, 2])), 'BODY_NOT_OBJECT'],
      [call('POST', '/api/auth/register', json({ name: 'A' })), 'NAME_MIN'],
      [call('POST', '/api/folders', json({ name: ' ' })), 'FOLDER_NAME_REQUIRED'],
      [call('GET', '/api/transcripts/abc'), 'INVALID_ID'],
      [call('GET', '/api/transcripts/2147483647'), 'TRANSCRIPT_NOT_FOUND'],
      [call('DELETE', '/api/folders/2147483647'), 'FOLDER_NOT_FOUND'],
      [call('DELETE', '/api/prompts/2147483647'), 'PROMPT_NOT_FOUND'],
      [call('PUT', '/api/prompts/2147483647', json({ name: 'x' })), 'PROMPT_NOT_FOUND'],
      [call('PUT', '/api/prompts/2147483647', json({})), 'PROMPT_UPDATE_EMPTY'],
      [call('PUT', '/api/prompts/order', json({ ids: 'x' })), 'PROMPT_ORDER_MISMATCH'],
      [call('POST', '/api/credits/purchase', json({ credits: 'many' })), 'CREDITS_NOT_NUMBER'],
      [call('POST', '/api/credits/purchase', json({ credits: 7 })), 'UNKNOWN_PACKAGE'],
      [call('GET', '/api/transcripts/uploads/not-an-id'), 'UPLOAD_NOT_FOUND'],
      [call('GET', `/api/transcripts/uploads/${'a'.repeat(32)}`), 'UPLOAD_NOT_FOUND'],
      [call('POST', '/api/user/preferences', json({ language: 'fr' })), 'LANGUAGE_INVALID'],
      [call('POST', '/api/user/preferences', json({ language: 'e\u0000n' })), 'NUL_CHARACTER'],
      [call('GET', '/api/%E0%A4%A'), 'MALFORMED_URL'],
      [call('GET', `/api/transcripts/${'9'.repeat(1000)}`), 'URL_PART_TOO_LONG'],
      [call('GET', '/ws', { headers: { Origin: server.url } }), 'LIVE_UPGRADE_REQUIRED'],
    ];
    for (const [answer, code] of cases) expect((await answer).code).toBe(code);
  });

  it('codes each field of a validation answer, with the first field as the answer', async () => {
    const body = await call('POST', '/api/auth/register', json({ name: 'A', username: 'ab', email: 'x', password: '1' }));
    expect(body.code).toBe('NAME_MIN');
    expect(body.fieldErrors).toMatchObject({
      name: { code: 'NAME_MIN' },
      username: { code: 'USERNAME_MIN' },
      email: { code: 'EMAIL_INVALID' },
      password: { code: 'PASSWORD_MIN' },
      captchaToken: { code: 'CAPTCHA_REQUIRED' },
    });
  });

  it('fills the parameters of a parameterised answer', async () => {
    const wrongField = await call('POST', '/api/transcripts/upload', {
      body: '--x\r\nContent-Disposition: form-data; name="file"; filename="a.wav"\r\nContent-Type: audio/wav\r\n\r\nRIFF\r\n--x--\r\n',
      headers: { 'Content-Type': 'multipart/form-data; boundary=x' },
    });
    expect(wrongField).toEqual({
      error: 'Send the file in the multipart field "audio".',
      code: 'WRONG_FILE_FIELD',
      params: { field: 'audio' },
    });
  });
});
