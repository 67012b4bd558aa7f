// The words for a segment's review reasons (shown next to the mark's icon and read as the segment's description).
import { msg } from '@lingui/core/macro';
import type { I18n, MessageDescriptor } from '@lingui/core';
import type { ReviewFlag } from './segments.ts';

const REASONS: Record<ReviewFlag, MessageDescriptor> = {
  low_confidence: msg`Low confidence`,
  repetition: msg`Repeated words`,
  silence: msg`Text over silence`,
  speech_rate: msg`Unusual speech rate`,
};

/** The words for a review reason (shown next to the mark's icon and read as the segment's description). */
export function reviewReasonText(i18n: I18n, flag: ReviewFlag): string {
  return i18n._(REASONS[flag]);
}
