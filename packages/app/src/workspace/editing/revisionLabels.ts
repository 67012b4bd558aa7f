// What a revision changed, in the user's language (the server sends the codes of revisionChanges).
import type { I18n, MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { RevisionChange, RevisionSummary } from '@scribe/api-client';

const changeLabels: Record<Exclude<RevisionChange, 'restore'>, MessageDescriptor> = {
  original: msg`Original`,
  title: msg`Title`,
  text: msg`Text`,
  speakers: msg`Speakers`,
  timing: msg`Timing`,
  split: msg`Split`,
  merge: msg`Merge`,
  review: msg`Review`,
};

/** 'Text, Speakers'; revision 1 is 'Original (engine output)'; a restore names the revision it restored. */
export function describeRevision(i18n: I18n, revision: Pick<RevisionSummary, 'number' | 'changes' | 'restoredFrom'>): string {
  if (revision.number === 1 || revision.changes.includes('original')) return i18n._(msg`Original (engine output)`);
  const parts = revision.changes.map((change) => {
    if (change === 'restore') {
      const from = revision.restoredFrom;
      return from === null ? i18n._(msg`Restored`) : i18n._(msg`Restored from revision ${from}`);
    }
    return i18n._(changeLabels[change]);
  });
  return parts.length ? parts.join(', ') : i18n._(msg`Edited`);
}
