import { describe, expect, it } from 'vitest';
import { fileNameFrom, HttpStatusError } from './http.ts';

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
