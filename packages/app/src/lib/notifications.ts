// Browser notifications when a transcription finishes while the tab is hidden: off by default, chosen
// in Settings for this browser (the permission is the browser's, so the choice is kept here too).

const STORAGE_KEY = 'notifyWhenTranscribed';

const supported = () => typeof window !== 'undefined' && 'Notification' in window;

export function notificationsSupported(): boolean {
  return supported();
}

/** Whether the user chose to be notified in this browser. */
export function notifyEnabled(): boolean {
  try {
    return supported() && localStorage.getItem(STORAGE_KEY) === 'on';
  } catch {
    return false;
  }
}

export function setNotifyEnabled(on: boolean): void {
  try {
    if (on) localStorage.setItem(STORAGE_KEY, 'on');
    else localStorage.removeItem(STORAGE_KEY);
  } catch {
    // Storage unavailable: the choice lasts for this page only.
  }
}

/**
 * Asks for the permission when the user has opted in and starts work that will finish later (an upload
 * or a recording), never on page load; the browser only asks once.
 */
export function askNotificationPermission(): void {
  if (!notifyEnabled() || Notification.permission !== 'default') return;
  void Notification.requestPermission().catch(() => undefined);
}

/** A finished transcription, shown only when the user opted in, allowed it and is looking elsewhere. */
export function notifyTranscriptionDone(title: string, body: string, transcriptId: number): void {
  if (!notifyEnabled() || Notification.permission !== 'granted' || document.visibilityState !== 'hidden') return;
  try {
    const notification = new Notification(title, { body, tag: `transcript-${transcriptId}` });
    notification.onclick = () => {
      window.focus();
      notification.close();
    };
  } catch {
    // Some browsers allow notifications only from a service worker: nothing more to do here.
  }
}
