import { apiErrorText, type ApiErrorCode, type ApiErrorParams } from '@scribe/api-client';

/**
 * A text of transcription_status events and of transcripts.error: the registry's English with its code
 * and params, which go out beside it so the app translates by code (api-client errors.ts).
 */
export interface CodedText {
  text: string;
  code?: ApiErrorCode;
  params?: ApiErrorParams;
}

export function coded(code: ApiErrorCode, params?: ApiErrorParams): CodedText {
  return { text: apiErrorText(code, params), code, ...(params ? { params } : {}) };
}

/** A reason inside another text ('Transcription failed: {reason}'): its English, plus its own code and params when it has them. */
export function reasonParams(reason: CodedText): ApiErrorParams {
  return { ...reason.params, reason: reason.text, ...(reason.code ? { reasonCode: reason.code } : {}) };
}
