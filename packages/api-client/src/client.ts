import type {
  AiModelsResponse,
  AiOutput,
  CreatePromptRequest,
  CustomPromptRequest,
  ExportFormat,
  SavedPrompt,
  TranscriptExportFormat,
  UpdatePromptRequest,
} from './ai.schemas.ts';
import type { AccountSession, ChangePasswordRequest, DeleteAccountRequest, SignedOutResponse } from './account.schemas.ts';
import type {
  ApiToken,
  CreateApiTokenRequest,
  CreatedApiToken,
  CreatedWebhook,
  CreateWebhookRequest,
  Webhook,
  WebhookDelivery,
} from './integrations.schemas.ts';
import { createHttp, type ApiClientOptions } from './http.ts';
import { subtitleQuery, type SubtitleOptions } from './ai.ts';
import { recordingsApi } from './recordings.ts';
import type {
  CreateFolderRequest,
  Folder,
  FinalizeUploadRequest,
  FindSpeakersRequest,
  FindSpeakersResponse,
  BulkRequest,
  BulkResponse,
  Revision,
  RevisionList,
  Transcript,
  TreeNode,
  TutorialTranscriptResponse,
  UpdateFolderRequest,
  UpdateTranscriptRequest,
  UpdateTranscriptResponse,
  UploadResponse,
  UploadStatus,
} from './library.schemas.ts';
import type {
  CreditBalance,
  CreditHistory,
  CreditPackage,
  PurchaseRequest,
  PurchaseResponse,
  TestCardRequest,
  TestPaymentResult,
} from './credits.schemas.ts';
import type { CreateShareRequest, CreateShareResponse, PublicShare, ShareList } from './share.schemas.ts';
import type { SearchResponse, SearchSpeakersResponse } from './search.schemas.ts';
import type { LoginRequest, OkResponse, Preferences, PublicConfig, RegisterRequest, SessionResponse, User } from './schemas.ts';

/** Paths of the API, one place. */
export const paths = {
  config: '/api/config',
  health: '/api/health',
  captchaChallenge: '/api/captcha/challenge',
  login: '/api/auth/login',
  register: '/api/auth/register',
  logout: '/api/auth/logout',
  me: '/api/auth/me',
  session: '/api/auth/session',
  preferences: '/api/user/preferences',
  folderTree: '/api/folders/tree',
  folders: '/api/folders',
  folder: (id: number) => `/api/folders/${id}`,
  folderRestore: (id: number) => `/api/folders/${id}/restore`,
  transcript: (id: number) => `/api/transcripts/${id}`,
  moveTranscript: (id: number) => `/api/transcripts/${id}/move`,
  /** Several transcripts at once: move, delete, retry or export (a zip), all or nothing. */
  bulkTranscripts: '/api/transcripts/bulk',
  transcriptRevisions: (id: number) => `/api/transcripts/${id}/revisions`,
  transcriptRevision: (id: number, n: number) => `/api/transcripts/${id}/revisions/${n}`,
  restoreRevision: (id: number, n: number) => `/api/transcripts/${id}/revisions/${n}/restore`,
  transcriptAudio: (id: number) => `/api/transcripts/${id}/audio`,
  retryTranscript: (id: number) => `/api/transcripts/${id}/retry`,
  findSpeakers: (id: number) => `/api/transcripts/${id}/speakers`,
  shareTranscript: (id: number) => `/api/transcripts/${id}/share`,
  transcriptShares: (id: number) => `/api/transcripts/${id}/shares`,
  share: (id: number) => `/api/shares/${id}`,
  /** Public (no session): the shared transcript and its audio, by the link's token. */
  publicShare: (token: string) => `/api/public/shares/${encodeURIComponent(token)}`,
  publicShareAudio: (token: string) => `/api/public/shares/${encodeURIComponent(token)}/audio`,
  upload: '/api/transcripts/upload',
  uploadChunk: '/api/transcripts/upload-chunk',
  finalizeUpload: '/api/transcripts/finalize-upload',
  uploadStatus: (uploadId: string) => `/api/transcripts/uploads/${encodeURIComponent(uploadId)}`,
  creditPackages: '/api/credits/packages',
  creditBalance: '/api/credits/balance',
  creditHistory: '/api/credits/history',
  purchaseCredits: '/api/credits/purchase',
  // The client secret travels in the body: a URL lands in access logs.
  confirmTestPayment: '/api/credits/test-payments/confirm',
  stripeWebhook: '/api/credits/stripe/webhook',
  prompts: '/api/prompts',
  prompt: (id: number) => `/api/prompts/${id}`,
  promptOrder: '/api/prompts/order',
  aiModels: '/api/ai/models',
  customPrompt: (id: number) => `/api/transcripts/${id}/custom-prompt`,
  promptOutputs: (id: number) => `/api/transcripts/${id}/prompt-outputs`,
  aiOutputs: (id: number) => `/api/transcripts/${id}/ai-outputs`,
  /** `subtitles`: SRT/VTT options (api-client `subtitleDefaults`); only those that differ from the defaults are sent. */
  transcriptExport: (id: number, format: TranscriptExportFormat, subtitles?: Partial<SubtitleOptions>) =>
    `/api/transcripts/${id}/export/${format}${format === 'srt' || format === 'vtt' ? subtitleQuery(subtitles) : ''}`,
  aiOutputsExport: (id: number, format: ExportFormat) => `/api/transcripts/${id}/ai-outputs/export/${format}`,
  aiOutput: (id: number, outputId: number) => `/api/transcripts/${id}/ai-outputs/${outputId}`,
  aiOutputExport: (id: number, outputId: number, format: ExportFormat) => `/api/transcripts/${id}/ai-outputs/${outputId}/export/${format}`,
  createTutorialTranscript: '/api/create-tutorial-transcript',
  account: '/api/account',
  accountPassword: '/api/account/password',
  accountSessions: '/api/account/sessions',
  accountSession: (id: string) => `/api/account/sessions/${encodeURIComponent(id)}`,
  accountSignOutEverywhere: '/api/account/sign-out-everywhere',
  /** A zip of everything the user has; a plain GET, so the browser streams it to disk as a download. */
  accountExport: '/api/account/export',
  apiTokens: '/api/tokens',
  apiToken: (id: number) => `/api/tokens/${id}`,
  webhooks: '/api/webhooks',
  webhook: (id: number) => `/api/webhooks/${id}`,
  webhookDeliveries: (id: number) => `/api/webhooks/${id}/deliveries`,
  search: (q: string, options: SearchOptions = {}) => {
    const query = new URLSearchParams({ q });
    if (options.folderId != null) query.set('folderId', String(options.folderId));
    if (options.limit != null) query.set('limit', String(options.limit));
    if (options.speaker != null && options.speaker !== '') query.set('speaker', options.speaker);
    return `/api/search?${query.toString()}`;
  },
  searchSpeakers: '/api/search/speakers',
} as const;

export interface SearchOptions {
  /** Only transcripts in this folder and its subfolders. */
  folderId?: number | null;
  /** Transcripts in the answer (api-client `searchLimits`). */
  limit?: number;
  /**
   * Only segments of this speaker, the name as stored ('Speaker 1', 'Anna'; GET /api/search/speakers lists
   * them); titles and AI outputs are then left out. Null or empty: every hit.
   */
  speaker?: string | null;
}

export function createApiClient(options: ApiClientOptions = {}) {
  const http = createHttp(options);
  return {
    http,
    read: http.read,
    config: () => http.read<PublicConfig>(paths.config),
    auth: {
      me: () => http.read<User>(paths.me),
      /** The signed-in user or null; never a 401 (GET /api/auth/session). */
      session: async () => (await http.read<SessionResponse>(paths.session))?.user ?? null,
      login: (body: LoginRequest) => http.send<User>('POST', paths.login, body, 'LOGIN_FAILED'),
      register: (body: RegisterRequest) => http.send<User>('POST', paths.register, body, 'REGISTRATION_FAILED'),
      logout: () => http.send<OkResponse>('POST', paths.logout, undefined, 'LOGOUT_FAILED'),
    },
    folders: {
      tree: () => http.read<TreeNode[]>(paths.folderTree),
      create: (body: CreateFolderRequest) => http.send<Folder>('POST', paths.folders, body, 'CREATE_FOLDER_FAILED'),
      update: (id: number, body: UpdateFolderRequest) => http.send<Folder>('PUT', paths.folder(id), body, 'UPDATE_FOLDER_FAILED'),
      /** Deleted at once on the server, restorable for the undo time (restore). */
      remove: (id: number) => http.send<OkResponse>('DELETE', paths.folder(id), undefined, 'DELETE_FOLDER_FAILED'),
      /** The same DELETE, sent so that it survives the page's unloading (no answer is read). */
      removeOnUnload: (id: number) => http.sendOnUnload('DELETE', paths.folder(id)),
      /** Undoes a folder's delete within the undo time. */
      restore: (id: number) => http.send<OkResponse>('POST', paths.folderRestore(id), undefined, 'RESTORE_FOLDER_FAILED'),
    },
    transcripts: {
      get: (id: number) => http.read<Transcript>(paths.transcript(id)),
      remove: (id: number) => http.send<OkResponse>('DELETE', paths.transcript(id), undefined, 'DELETE_TRANSCRIPT_FAILED'),
      /** The same DELETE, sent so that it survives the page's unloading (no answer is read). */
      removeOnUnload: (id: number) => http.sendOnUnload('DELETE', paths.transcript(id)),
      move: (id: number, folderId: number | null) =>
        http.send<OkResponse>('PUT', paths.moveTranscript(id), { folderId }, 'MOVE_TRANSCRIPT_FAILED'),
      /** A new revision from an edit; 409 REVISION_CONFLICT when `baseRevision` is stale. */
      update: (id: number, body: UpdateTranscriptRequest) =>
        http.send<UpdateTranscriptResponse>('PATCH', paths.transcript(id), body, 'SAVE_TRANSCRIPT_FAILED'),
      revisions: (id: number) => http.read<RevisionList>(paths.transcriptRevisions(id)),
      revision: (id: number, n: number) => http.read<Revision>(paths.transcriptRevision(id, n)),
      /** A new revision with revision `n`'s title and text. */
      restoreRevision: (id: number, n: number) =>
        http.send<UpdateTranscriptResponse>('POST', paths.restoreRevision(id, n), undefined, 'RESTORE_REVISION_FAILED'),
      /** Speaker detection again on the audio, for a number of speakers or 'auto': a new revision. */
      findSpeakers: (id: number, speakers: FindSpeakersRequest['speakers']) =>
        http.send<FindSpeakersResponse>('POST', paths.findSpeakers(id), { speakers }, 'FIND_SPEAKERS_FAILED'),
      /** Starts a failed transcription again (402 when the balance cannot cover it). */
      retry: (id: number) => http.send<OkResponse>('POST', paths.retryTranscript(id), undefined, 'RETRY_TRANSCRIPTION_FAILED'),
      /** Moves, deletes or retries several transcripts at once: all of them, or none (the error says why). */
      bulk: (body: Exclude<BulkRequest, { action: 'export' }>) =>
        http.send<BulkResponse>('POST', paths.bulkTranscripts, body, 'BULK_ACTION_FAILED'),
      /** Several transcripts in one zip, one file each in `format`. */
      bulkExport: (ids: number[], format: TranscriptExportFormat, tz?: string) =>
        http.downloadPost(paths.bulkTranscripts, { action: 'export', ids, format, tz }, `transcripts-${format}.zip`, 'BULK_ACTION_FAILED'),
      finalizeUpload: (body: FinalizeUploadRequest) =>
        http.send<UploadResponse>('POST', paths.finalizeUpload, body, 'UPLOAD_FINALIZE_FAILED'),
      uploadStatus: (uploadId: string) => http.read<UploadStatus>(paths.uploadStatus(uploadId)),
    },
    shares: {
      /** A new link; its token is answered only here. */
      create: (transcriptId: number, body: CreateShareRequest) =>
        http.send<CreateShareResponse>('POST', paths.shareTranscript(transcriptId), body, 'CREATE_SHARE_FAILED'),
      list: (transcriptId: number) => http.read<ShareList>(paths.transcriptShares(transcriptId)),
      /** Revokes at once: the link answers 404 from now on. */
      revoke: (id: number) => http.send<OkResponse>('DELETE', paths.share(id), undefined, 'REVOKE_SHARE_FAILED'),
      /** The public page's data (no session needed). */
      get: (token: string) => http.read<PublicShare>(paths.publicShare(token)),
    },
    credits: {
      packages: () => http.read<CreditPackage[]>(paths.creditPackages),
      balance: () => http.read<CreditBalance>(paths.creditBalance),
      /** The ledger, newest first; pass the previous page's `nextCursor` for older entries. */
      history: (cursor?: string | null) =>
        http.read<CreditHistory>(cursor ? `${paths.creditHistory}?cursor=${encodeURIComponent(cursor)}` : paths.creditHistory),
      purchase: (body: PurchaseRequest) => http.send<PurchaseResponse>('POST', paths.purchaseCredits, body, 'PURCHASE_FAILED'),
      confirmTestPayment: (clientSecret: string, card: TestCardRequest) =>
        http.send<TestPaymentResult>('POST', paths.confirmTestPayment, { clientSecret, ...card }, 'UNEXPECTED_ERROR'),
    },
    prompts: {
      list: () => http.read<SavedPrompt[]>(paths.prompts),
      create: (body: CreatePromptRequest) => http.send<SavedPrompt>('POST', paths.prompts, body, 'SAVE_PROMPT_FAILED'),
      remove: (id: number) => http.send<OkResponse>('DELETE', paths.prompt(id), undefined, 'DELETE_PROMPT_FAILED'),
      update: (id: number, body: UpdatePromptRequest) => http.send<SavedPrompt>('PUT', paths.prompt(id), body, 'SAVE_PROMPT_FAILED'),
      /** The saved prompts in the new order (all of them, each once); answers the list in that order. */
      reorder: (ids: number[]) => http.send<SavedPrompt[]>('PUT', paths.promptOrder, { ids }, 'REORDER_PROMPTS_FAILED'),
    },
    ai: {
      models: () => http.read<AiModelsResponse>(paths.aiModels),
      run: (transcriptId: number, body: CustomPromptRequest) =>
        http.send<AiOutput>('POST', paths.customPrompt(transcriptId), body, 'CUSTOM_PROMPT_FAILED'),
      outputs: (transcriptId: number) => http.read<AiOutput[]>(paths.aiOutputs(transcriptId)),
      promptOutputs: (transcriptId: number) => http.read<AiOutput[]>(paths.promptOutputs(transcriptId)),
      /** The AI output tab's list: a 404 is an empty list; other failures raise HttpStatusError. */
      outputList: (transcriptId: number) => http.readOr<AiOutput[]>(paths.promptOutputs(transcriptId), []),
      removeOutput: (transcriptId: number, outputId: number) =>
        http.send<OkResponse>('DELETE', paths.aiOutput(transcriptId, outputId), undefined, 'DELETE_AI_OUTPUT_FAILED'),
      /** The same DELETE, sent so that it survives the page's unloading (a delete waiting for its Undo). */
      removeOutputOnUnload: (transcriptId: number, outputId: number) => http.sendOnUnload('DELETE', paths.aiOutput(transcriptId, outputId)),
    },
    exports: {
      /** An export file (transcript or AI outputs) by its path; a failure raises HttpStatusError. */
      download: (path: string, fallbackName: string) => http.download(path, fallbackName),
    },
    tutorial: {
      /** The sample transcript of the guided tutorial (made once per user; later calls answer the same id). */
      createTranscript: () => http.send<TutorialTranscriptResponse>('POST', paths.createTutorialTranscript, {}, 'CREATE_TUTORIAL_FAILED'),
    },
    account: {
      sessions: () => http.read<AccountSession[]>(paths.accountSessions),
      /** Signs out every other session of the user; this one stays. */
      changePassword: (body: ChangePasswordRequest) =>
        http.send<SignedOutResponse>('POST', paths.accountPassword, body, 'CHANGE_PASSWORD_FAILED'),
      revokeSession: (id: string) => http.send<SignedOutResponse>('DELETE', paths.accountSession(id), undefined, 'REVOKE_SESSION_FAILED'),
      /** Every session, this one included. */
      signOutEverywhere: () =>
        http.send<SignedOutResponse>('POST', paths.accountSignOutEverywhere, undefined, 'SIGN_OUT_EVERYWHERE_FAILED'),
      remove: (body: DeleteAccountRequest) => http.send<OkResponse>('DELETE', paths.account, body, 'DELETE_ACCOUNT_FAILED'),
    },
    tokens: {
      list: () => http.read<ApiToken[]>(paths.apiTokens),
      /** The answer carries the secret: the only time it is shown. */
      create: (body: CreateApiTokenRequest) => http.send<CreatedApiToken>('POST', paths.apiTokens, body, 'CREATE_API_TOKEN_FAILED'),
      revoke: (id: number) => http.send<OkResponse>('DELETE', paths.apiToken(id), undefined, 'REVOKE_API_TOKEN_FAILED'),
    },
    webhooks: {
      list: () => http.read<Webhook[]>(paths.webhooks),
      /** The answer carries the signing secret: the only time it is shown. */
      create: (body: CreateWebhookRequest) => http.send<CreatedWebhook>('POST', paths.webhooks, body, 'CREATE_WEBHOOK_FAILED'),
      remove: (id: number) => http.send<OkResponse>('DELETE', paths.webhook(id), undefined, 'DELETE_WEBHOOK_FAILED'),
      deliveries: (id: number) => http.read<WebhookDelivery[]>(paths.webhookDeliveries(id)),
    },
    search: {
      /**
       * The user's transcripts matching `q` (titles, latest text, AI outputs), ranked; null when signed out.
       * Pass the signal of an AbortController to drop a stale request while typing.
       */
      query: (q: string, options: SearchOptions & { signal?: AbortSignal } = {}) =>
        http.read<SearchResponse>(paths.search(q, options), options.signal),
      /** The speaker names of the user's segments, to offer as a filter ('Unknown Speaker' left out); null when signed out. */
      speakers: (signal?: AbortSignal) => http.read<SearchSpeakersResponse>(paths.searchSpeakers, signal),
    },
    /** Streamed recordings: pieces while recording, then finish into a transcript. */
    recordings: recordingsApi(http),
    preferences: {
      get: () => http.read<Preferences>(paths.preferences),
      save: (body: Preferences) => http.send<Preferences>('POST', paths.preferences, body, 'SAVE_PREFERENCES_FAILED'),
    },
  };
}
export type ApiClient = ReturnType<typeof createApiClient>;
