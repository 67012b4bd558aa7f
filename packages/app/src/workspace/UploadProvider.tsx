import { useLingui } from '@lingui/react/macro';
import { ApiError, isAbortError, paths, uploadAudio, validateAudioFile } from '@scribe/api-client';
import { UploadDialog, type UploadDialogState } from '@scribe/transcript-kit';
import { toast } from '@scribe/ui';
import { createContext, use, useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { useSWRConfig } from 'swr';
import { translateApiMessage } from '../i18n/messages.ts';
import { DropOverlay } from './DropOverlay.tsx';
import { selectionStore } from './selection.ts';

interface UploadContextValue {
  /** Checks the file (type, size: toasts when wrong), then uploads it with the progress dialog. */
  upload: (file: File) => void;
  isUploading: boolean;
}

const UploadContext = createContext<UploadContextValue | null>(null);

interface UploadView {
  isOpen: boolean;
  state: UploadDialogState;
  progress: number;
  fileName?: string;
  error?: string;
}

/**
 * Upload ids of chunked uploads that did not finish, by file identity: choosing the same file again
 * continues where it stopped (the server keeps the chunks for a while) instead of starting over.
 */
const unfinishedUploads = new Map<string, string>();
const fileIdentity = (file: File) => `${file.name}:${file.size}:${file.lastModified}`;

/**
 * The upload flow of every signed-in page: the Upload file button and the page-wide drop overlay both
 * end here. Spec §2/§4/§8: type and size checks, 'Uploading File' then 'Processing Audio', the
 * success and failure toasts, and afterwards the tree refreshes and the new transcript is selected.
 */
export function UploadProvider({ children, allowDrop }: { children: ReactNode; allowDrop: boolean }) {
  const { t, i18n } = useLingui();
  const { mutate } = useSWRConfig();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const [view, setView] = useState<UploadView>({ isOpen: false, state: 'uploading', progress: 0 });
  const busy = useRef(false);
  const controller = useRef<AbortController | null>(null);
  const pathRef = useRef(pathname);
  pathRef.current = pathname;

  // Leaving the signed-in pages (sign-out) stops a running upload.
  useEffect(() => () => controller.current?.abort(), []);

  const upload = useCallback(
    (file: File) => {
      if (busy.current) return;
      const problem = validateAudioFile(file);
      if (problem) {
        toast({
          title: translateApiMessage(i18n, problem.title),
          description: translateApiMessage(i18n, problem.message),
          variant: 'destructive',
        });
        return;
      }
      busy.current = true;
      const abort = new AbortController();
      controller.current = abort;
      const identity = fileIdentity(file);
      setView({ isOpen: true, state: 'uploading', progress: 0, fileName: file.name });

      uploadAudio(file, {
        signal: abort.signal,
        uploadId: unfinishedUploads.get(identity),
        onUploadId: (id) => unfinishedUploads.set(identity, id),
        onProgress: (fraction) =>
          // All bytes sent: the server now stores and checks the file (and joins the chunks).
          setView((v) => ({ ...v, state: fraction >= 1 ? 'processing' : 'uploading', progress: fraction >= 1 ? 0 : fraction * 100 })),
      })
        .then(async ({ id }) => {
          unfinishedUploads.delete(identity);
          setView((v) => ({ ...v, isOpen: false }));
          toast({ title: t`Upload successful`, description: t`Your audio file is being processed.`, variant: 'success' });
          selectionStore.selectTranscript(id);
          selectionStore.setTab('transcript');
          await mutate(paths.folderTree);
          if (pathRef.current !== '/') void navigate('/');
        })
        .catch((error: unknown) => {
          if (isAbortError(error)) {
            setView((v) => ({ ...v, isOpen: false }));
            return;
          }
          const reason = error instanceof ApiError ? translateApiMessage(i18n, error.message) : t`Failed to upload file`;
          setView((v) => ({ ...v, state: 'error', error: reason }));
          toast({ title: t`Upload failed`, description: reason, variant: 'destructive' });
        })
        .finally(() => {
          busy.current = false;
          if (controller.current === abort) controller.current = null;
        });
    },
    [i18n, mutate, navigate, t],
  );

  const isUploading = view.isOpen && (view.state === 'uploading' || view.state === 'processing');
  const value = useMemo(() => ({ upload, isUploading }), [upload, isUploading]);
  return (
    <UploadContext value={value}>
      {children}
      {allowDrop ? <DropOverlay onFile={upload} /> : null}
      <UploadDialog
        isOpen={view.isOpen}
        state={view.state}
        progress={view.progress}
        fileName={view.fileName}
        error={view.error}
        onOpenChange={(open) => setView((v) => ({ ...v, isOpen: open }))}
      />
    </UploadContext>
  );
}

export function useUpload(): UploadContextValue {
  const value = use(UploadContext);
  if (!value) throw new Error('useUpload must be used inside <UploadProvider>');
  return value;
}
