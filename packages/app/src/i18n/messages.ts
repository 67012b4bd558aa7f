// The app's own words for values the api-client names by key (not server errors: those are in errors.ts).
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { StrengthLabel, UploadProblem } from '@scribe/api-client';

export const strengthDescriptors: Record<StrengthLabel, MessageDescriptor> = {
  'Very Weak': msg`Very Weak`,
  Weak: msg`Weak`,
  Medium: msg`Medium`,
  Strong: msg`Strong`,
  'Very Strong': msg`Very Strong`,
};

/** The toast title of a file the browser refuses (docs/product-spec.md §5), by the problem's kind. */
export const uploadProblemTitles: Record<UploadProblem['code'], MessageDescriptor> = {
  'invalid-type': msg`Invalid file type`,
  'invalid-extension': msg`Invalid file extension`,
  'too-large': msg`File too large`,
};
