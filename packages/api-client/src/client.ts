import { createHttp, type ApiClientOptions } from './http.ts';
import type {
  CreateFolderRequest,
  Folder,
  FinalizeUploadRequest,
  Transcript,
  TreeNode,
  TutorialTranscriptResponse,
  UpdateFolderRequest,
  UploadResponse,
  UploadStatus,
} from './library.ts';
import type {
  LoginRequest,
  OkResponse,
  Preferences,
  PublicConfig,
  RegisterRequest,
  User,
} from './schemas.ts';

/** Paths of the API, one place. */
export const paths = {
  config: '/api/config',
  health: '/api/health',
  captchaChallenge: '/api/captcha/challenge',
  login: '/api/auth/login',
  register: '/api/auth/register',
  logout: '/api/auth/logout',
  me: '/api/auth/me',
  preferences: '/api/user/preferences',
  folderTree: '/api/folders/tree',
  folders: '/api/folders',
  folder: (id: number) => `/api/folders/${id}`,
  transcript: (id: number) => `/api/transcripts/${id}`,
  moveTranscript: (id: number) => `/api/transcripts/${id}/move`,
  transcriptAudio: (id: number) => `/api/transcripts/${id}/audio`,
  upload: '/api/transcripts/upload',
  uploadChunk: '/api/transcripts/upload-chunk',
  finalizeUpload: '/api/transcripts/finalize-upload',
  uploadStatus: (uploadId: string) => `/api/transcripts/uploads/${encodeURIComponent(uploadId)}`,
  createTutorialTranscript: '/api/create-tutorial-transcript',
} as const;

export function createApiClient(options: ApiClientOptions = {}) {
  const http = createHttp(options);
  return {
    http,
    read: http.read,
    config: () => http.read<PublicConfig>(paths.config),
    auth: {
      me: () => http.read<User>(paths.me),
      login: (body: LoginRequest) => http.send<User>('POST', paths.login, body, 'Login failed'),
      register: (body: RegisterRequest) =>
        http.send<User>('POST', paths.register, body, 'Registration failed'),
      logout: () => http.send<OkResponse>('POST', paths.logout, undefined, 'Logout failed'),
    },
    folders: {
      tree: () => http.read<TreeNode[]>(paths.folderTree),
      create: (body: CreateFolderRequest) =>
        http.send<Folder>('POST', paths.folders, body, 'Failed to create folder'),
      update: (id: number, body: UpdateFolderRequest) =>
        http.send<Folder>('PUT', paths.folder(id), body, 'Failed to update folder'),
      remove: (id: number) => http.send<OkResponse>('DELETE', paths.folder(id), undefined, 'Failed to delete folder'),
    },
    transcripts: {
      get: (id: number) => http.read<Transcript>(paths.transcript(id)),
      remove: (id: number) =>
        http.send<OkResponse>('DELETE', paths.transcript(id), undefined, 'Failed to delete transcript'),
      move: (id: number, folderId: number | null) =>
        http.send<OkResponse>('PUT', paths.moveTranscript(id), { folderId }, 'Failed to move transcript'),
      finalizeUpload: (body: FinalizeUploadRequest) =>
        http.send<UploadResponse>('POST', paths.finalizeUpload, body, 'Upload finalization failed'),
      uploadStatus: (uploadId: string) => http.read<UploadStatus>(paths.uploadStatus(uploadId)),
    },
    tutorial: {
      /** The sample transcript of the guided tutorial (made once per user; later calls answer the same id). */
      createTranscript: () =>
        http.send<TutorialTranscriptResponse>(
          'POST',
          paths.createTutorialTranscript,
          {},
          'Failed to create tutorial transcript',
        ),
    },
    preferences: {
      get: () => http.read<Preferences>(paths.preferences),
      save: (body: Preferences) =>
        http.send<Preferences>('POST', paths.preferences, body, 'Failed to save preferences'),
    },
  };
}
export type ApiClient = ReturnType<typeof createApiClient>;
