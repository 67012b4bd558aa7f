import { paths } from '@scribe/api-client';
import { findNode, transcriptKey, TutorialOverlay, type TreeNode, type TutorialStep } from '@scribe/transcript-kit';
import { useCallback, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { useSWRConfig } from 'swr';
import { api } from '../api.ts';
import { selectionStore } from '../workspace/selection.ts';
import { browserStorage, setTutorialSeen, TUTORIAL_SAMPLE_WAIT_MS, tutorialVisibility, waitUntil } from './tutorialState.ts';

/** What each step points at in the workspace (data-tutorial attributes; skipped when not on the page). */
const TARGETS: Record<string, string> = {
  upload: '[data-tutorial="library-actions"]',
  record: '[data-tutorial="library-actions"]',
  folders: '[data-tutorial="folders"]',
  transcript: '[data-tutorial="transcript"]',
  'ai-features': 'section:has(#ai-panel-title)',
  export: '[data-tutorial="transcript"]',
};

/**
 * The tutorial of spec §2/§4 wired to the app (loaded only when it is shown). Finish and Skip mark it
 * seen for this user; Close hides it for now. Leaving the record step creates the sample transcript,
 * selects it on the transcript tab, refreshes the folders and waits up to 0.8 s for it to appear; a
 * failure is only logged (spec §8).
 */
export default function TutorialFlow({ userId }: { userId: number }) {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const pathRef = useRef(pathname);
  pathRef.current = pathname;
  const { mutate, cache } = useSWRConfig();
  const sampleStarted = useRef(false);

  const openSample = useCallback(async () => {
    try {
      const { id } = await api.tutorial.createTranscript();
      if (pathRef.current !== '/') await navigate('/');
      selectionStore.selectTranscript(id);
      selectionStore.setTab('transcript');
      await mutate(paths.folderTree);
      await waitUntil(() => {
        const tree = cache.get(paths.folderTree)?.data as TreeNode[] | null | undefined;
        return !!tree && findNode(tree, transcriptKey(id)) !== undefined;
      }, TUTORIAL_SAMPLE_WAIT_MS);
    } catch (error) {
      console.error('Failed to create tutorial transcript', error);
    }
  }, [cache, mutate, navigate]);

  const onStepChange = useCallback(
    (to: TutorialStep, from: TutorialStep) => {
      if (from.id !== 'record' || to.id === 'upload' || sampleStarted.current) return;
      sampleStarted.current = true;
      void openSample();
    },
    [openSample],
  );

  const end = useCallback(
    (seen: boolean) => () => {
      if (seen) setTutorialSeen(browserStorage(), userId, true);
      tutorialVisibility.hide();
    },
    [userId],
  );

  return <TutorialOverlay targets={TARGETS} onStepChange={onStepChange} onFinish={end(true)} onSkip={end(true)} onClose={end(false)} />;
}
