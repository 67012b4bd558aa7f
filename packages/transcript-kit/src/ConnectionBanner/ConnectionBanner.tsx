import { useLingui } from '@lingui/react/macro';
import { withKitProvider } from '../locale/KitProvider.tsx';
import { KIT_ROOT_CLASS, Button, SpinnerGlyph } from '@scribe/ui';
import * as styles from './ConnectionBanner.css.ts';

/** The live connection as the user should know it: fine (nothing shown), being retried, or given up. */
export type ConnectionState = 'online' | 'reconnecting' | 'lost';

export interface ConnectionBannerProps {
  state: ConnectionState;
  /** 'lost': the Reconnect button tries again at once (without it, only the text is shown). */
  onReconnect?: () => void;
  /** 'fixed' (default) sits at the top centre of the window; 'inline' flows with the page (stories). */
  placement?: 'fixed' | 'inline';
}

/**
 * A persistent status line while the live connection is down: it stays as long as the connection is
 * away (no timer closes it) and goes by itself once it is back. Polite status, not an alert: it
 * informs without interrupting.
 */
function ConnectionBannerView({ state, onReconnect, placement = 'fixed' }: ConnectionBannerProps) {
  const { t } = useLingui();
  if (state === 'online') return null;
  const className = [KIT_ROOT_CLASS, styles.banner, state === 'lost' ? styles.lost : '', placement === 'fixed' ? styles.fixed : '']
    .filter(Boolean)
    .join(' ');
  return (
    <div role="status" aria-label={t`Connection`} className={className} data-state={state}>
      {state === 'reconnecting' ? (
        <>
          <SpinnerGlyph size="sm" />
          <span className={styles.text}>{t`Connection lost. Reconnecting…`}</span>
        </>
      ) : (
        <>
          <span className={styles.text}>{t`Connection lost. Please refresh the page to reconnect.`}</span>
          {onReconnect ? (
            <Button size="sm" variant="secondary" onPress={onReconnect}>
              {t`Reconnect`}
            </Button>
          ) : null}
        </>
      )}
    </div>
  );
}

export const ConnectionBanner = withKitProvider(ConnectionBannerView, 'ConnectionBanner');
