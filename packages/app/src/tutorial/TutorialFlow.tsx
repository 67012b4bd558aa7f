import { useLingui } from '@lingui/react/macro';
import { paths } from '@scribe/api-client';
import { TutorialOverlay, type TreeNode, type TutorialStep } from '@scribe/transcript-kit';
import { findNode, transcriptKey } from '@scribe/transcript-kit/utils';
import { media } from '@scribe/ui/theme';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { useSWRConfig } from 'swr';
import { api } from '../api.ts';
import { useFolderTree } from '../data/library.ts';
import { useMediaQuery } from '../lib/useMediaQuery.ts';
import { useStore } from '@scribe/ui/store';
import { mobileDrawerStore, type MobileDrawer } from '../workspace/mobileDrawers.ts';
import { selectionStore } from '../workspace/selection.ts';
import { browserStorage, setTutorialSeen, TUTORIAL_SAMPLE_WAIT_MS, tutorialVisibility, waitUntil } from './tutorialState.ts';

/** What each step points at in the workspace (data-tutorial attributes; skipped when not on the page). */
const TARGETS: Record<string, string> = {
  upload: '[data-tutorial="library-actions"]',
  record: '[data-tutorial="library-actions"]',
  folders: '[data-tutorial="folders"]',
  transcript: '[data-tutorial="transcript"]',
  'ai-features': '[data-tutorial="ai-features"]',
  export: '[data-tutorial="transcript"]',
};

/** What the card never covers: the top bar, toasts (e.g. 'account created') and the player. */
const KEEP_CLEAR = 'header, [data-toast], [data-tutorial="player"]';
/** With a phone's drawer open, the page behind it is covered anyway: only toasts. */
const KEEP_CLEAR_IN_DRAWER = '[data-toast]';
/** On a phone, the drawer holding what a step talks about: it opens for that step. */
const PHONE_DRAWERS: Readonly<Partial<Record<string, MobileDrawer>>> = {
  upload: 'menu',
  record: 'menu',
  folders: 'menu',
  'ai-features': 'ai',
};

/** How often the tree is asked again while the sample is transcribed (live events usually come first). */
const SAMPLE_POLL_MS = 2000;

type Sample = { state: 'idle' } | { state: 'creating' } | { state: 'created'; id: number } | { state: 'failed' };

/**
 * The tutorial wired to the app (loaded only when it is shown). Leaving the record step creates the
 * sample transcript (once), opens it on the transcript tab, refreshes the folders and waits up to
 * 0.8 s for it to appear. The transcript step is not shown before the sample is transcribed: Next says
 * that it is being prepared until then, and auto-play waits. Finish, Skip and Close
 * (×, Escape) all end the tutorial for this user; Restart tutorial in the account menu brings it back.
 * A failure to create the sample is only logged, and the tour goes on without it.
 */
export default function TutorialFlow({ userId }: { userId: number }) {
  const { t } = useLingui();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const pathRef = useRef(pathname);
  pathRef.current = pathname;
  const { mutate, cache } = useSWRConfig();
  const { tree } = useFolderTree();

  const [sample, setSample] = useState<Sample>({ state: 'idle' });
  const created = useRef<Promise<number | null> | null>(null);
  const createSample = useCallback(() => {
    setSample({ state: 'creating' });
    return api.tutorial.createTranscript().then(
      ({ id }) => {
        setSample({ state: 'created', id });
        return id;
      },
      (error: unknown) => {
        console.error('Failed to create tutorial transcript', error);
        setSample({ state: 'failed' });
        return null;
      },
    );
  }, []);

  const sampleStatus = sample.state === 'created' ? findNode(tree, transcriptKey(sample.id)) : undefined;
  const sampleReady =
    sample.state === 'idle' || sample.state === 'failed' || (sampleStatus?.type === 'transcript' && sampleStatus.status !== 'processing');

  // Live events refresh the tree when the sample is done; asking again now and then covers a lost event.
  useEffect(() => {
    if (sampleReady) return;
    const timer = setInterval(() => void mutate(paths.folderTree), SAMPLE_POLL_MS);
    return () => clearInterval(timer);
  }, [sampleReady, mutate]);

  const openSample = useCallback(async () => {
    created.current ??= createSample();
    const id = await created.current;
    if (id === null) return;
    if (pathRef.current !== '/') await navigate('/');
    selectionStore.selectTranscript(id);
    selectionStore.setTab('transcript');
    await mutate(paths.folderTree);
    await waitUntil(() => {
      const cached = cache.get(paths.folderTree)?.data as TreeNode[] | null | undefined;
      return !!cached && findNode(cached, transcriptKey(id)) !== undefined;
    }, TUTORIAL_SAMPLE_WAIT_MS);
  }, [cache, createSample, mutate, navigate]);

  // On a phone each step shows what it names: the menu drawer for upload, record and folders, the AI
  // drawer for the AI features, neither for the others (the drawers are modal; the card stays usable
  // above them).
  const phone = useMediaQuery(media.mobile);
  const openedDrawer = useRef<MobileDrawer | null>(null);
  const drawerOpen = useStore(mobileDrawerStore) !== null;
  const showDrawerFor = useCallback(
    (stepId: string | null) => {
      if (!phone) return;
      const wanted = stepId === null ? null : (PHONE_DRAWERS[stepId] ?? null);
      // Closes only a drawer the tutorial opened, not one the user opened before it.
      if (wanted !== null || mobileDrawerStore.getSnapshot() === openedDrawer.current) mobileDrawerStore.setState(wanted);
      openedDrawer.current = wanted;
    },
    [phone],
  );

  const sampleOpened = useRef(false);
  const onStepChange = useCallback(
    (to: TutorialStep, from: TutorialStep) => {
      showDrawerFor(to.id);
      if (from.id !== 'record' || to.id === 'upload' || sampleOpened.current) return;
      sampleOpened.current = true;
      void openSample();
    },
    [openSample, showDrawerFor],
  );

  const end = useCallback(() => {
    showDrawerFor(null);
    setTutorialSeen(browserStorage(), userId, true);
    tutorialVisibility.hide();
  }, [userId, showDrawerFor]);

  const preparing = t`Preparing the sample...`;
  const waitFor = useMemo(() => (sampleReady ? undefined : { transcript: preparing }), [sampleReady, preparing]);

  return (
    <TutorialOverlay
      targets={TARGETS}
      keepClear={drawerOpen ? KEEP_CLEAR_IN_DRAWER : KEEP_CLEAR}
      phone={phone}
      waitFor={waitFor}
      onStepChange={onStepChange}
      onFinish={end}
      onSkip={end}
      onClose={end}
    />
  );
}
