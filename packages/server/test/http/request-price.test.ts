import { describe, expect, it } from 'vitest';
import { requestPrice } from '../../src/http/request-price.ts';

describe('request prices', () => {
  it('prices exports and prompt runs above searches, edits and uploads, and those above reads', () => {
    expect(requestPrice('GET', '/api/transcripts/:id/export/:format')).toBe(4);
    expect(requestPrice('GET', '/api/transcripts/:id/ai-outputs/:outputId/export/:format')).toBe(4);
    expect(requestPrice('GET', '/api/account/export')).toBe(4);
    expect(requestPrice('POST', '/api/transcripts/:id/custom-prompt')).toBe(4);
    expect(requestPrice('POST', '/api/transcripts/:id/ai-outputs')).toBe(4);
    expect(requestPrice('GET', '/api/search')).toBe(2);
    expect(requestPrice('PATCH', '/api/transcripts/:id')).toBe(2);
    expect(requestPrice('POST', '/api/transcripts/upload-chunk')).toBe(2);
    expect(requestPrice('PUT', '/api/recordings/:id/pieces/:seq')).toBe(2);
    // Reading what was made is cheap, whatever the route's name.
    expect(requestPrice('GET', '/api/transcripts/:id/ai-outputs')).toBe(1);
    expect(requestPrice('GET', '/api/transcripts/:id')).toBe(1);
    expect(requestPrice('GET', '/api/folders/tree')).toBe(1);
    expect(requestPrice('DELETE', '/api/transcripts/:id')).toBe(1);
    // No route matched (a 404): the least.
    expect(requestPrice('GET', undefined)).toBe(1);
  });
});
