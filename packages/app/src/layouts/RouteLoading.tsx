import { useLingui } from '@lingui/react/macro';
import { Spinner } from '@scribe/ui';
import * as styles from './layouts.css.ts';

/** Shown while a route's code is being fetched. */
export function RouteLoading() {
  const { t } = useLingui();
  return (
    <div className={styles.routeLoading}>
      <Spinner aria-label={t`Loading...`} />
    </div>
  );
}
