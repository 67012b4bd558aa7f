/** Texts of transcription_status events and of transcripts.error (English, as the API's other messages). */
export const transcriptionMessages = {
  transcribing: 'Transcribing audio...',
  completed: 'Transcription completed!',
  // The final failure is the registry's TRANSCRIPTION_FAILED (api-client errors.ts).
  retrying: (reason: string) => `Transcription failed, trying again: ${reason}`,
  audioMissing: 'The audio file is missing from storage.',
  timedOut: (minutes: number) => `It took longer than ${minutes} minutes.`,
  interrupted: 'The transcription job stopped before it finished, too often or for too long.',
} as const;
