import { useEffect } from 'react';
import { useStore } from '@scribe/ui/store';
import { browserStorage, hasSeenTutorial, TUTORIAL_START_DELAY_MS, tutorialVisibility, type TutorialVisibility } from './tutorialState.ts';

/**
 * Shows the tutorial 1 s after sign-in when this user has not seen it (docs/product-spec.md §4), and hides it when
 * the user changes or signs out. Returns whether it is shown now (Restart tutorial shows it too).
 */
export function useTutorial(userId: number | undefined): TutorialVisibility {
  useEffect(() => {
    if (userId === undefined) return;
    if (hasSeenTutorial(browserStorage(), userId)) return;
    const timer = setTimeout(() => {
      if (!hasSeenTutorial(browserStorage(), userId)) tutorialVisibility.show();
    }, TUTORIAL_START_DELAY_MS);
    return () => {
      clearTimeout(timer);
      tutorialVisibility.hide();
    };
  }, [userId]);
  useEffect(() => () => tutorialVisibility.hide(), []);
  return useStore(tutorialVisibility);
}
