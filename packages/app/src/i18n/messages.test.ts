import { describe, expect, it } from 'vitest';
import { strengthDescriptors, uploadProblemTitles } from './messages.ts';

describe("the app's own descriptors", () => {
  it('has a descriptor for every strength label', () => {
    expect(Object.values(strengthDescriptors).map((d) => d.message)).toEqual(['Very Weak', 'Weak', 'Medium', 'Strong', 'Very Strong']);
  });

  it('titles every kind of refused file', () => {
    expect(Object.values(uploadProblemTitles).map((d) => d.message)).toEqual([
      'Invalid file type',
      'Invalid file extension',
      'File too large',
    ]);
  });
});
