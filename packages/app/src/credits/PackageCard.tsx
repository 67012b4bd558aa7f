import { Trans, useLingui } from '@lingui/react/macro';
import { formatUsd, formatUsdPerCredit, type CreditPackage } from '@scribe/api-client';
import { Button, Card } from '@scribe/ui';
import { useId } from 'react';
import * as styles from './credits.css.ts';

export interface PackageCardProps {
  pkg: CreditPackage;
  onBuy(pkg: CreditPackage): void;
  isPending?: boolean;
  isDisabled?: boolean;
}

/** One credit package: credits, the USD price with 2 decimals and the price per credit. */
export function PackageCard({ pkg, onBuy, isPending, isDisabled }: PackageCardProps) {
  const { t, i18n } = useLingui();
  const headingId = useId();
  const credits = i18n.number(pkg.credits);
  const price = formatUsd(pkg.price, i18n.locale);
  const perCredit = formatUsdPerCredit(pkg.price, pkg.credits, i18n.locale);
  return (
    <Card as="article" aria-labelledby={headingId}>
      <div className={styles.packageCard}>
        <h3 id={headingId} className={styles.credits}>
          <Trans>{credits} credits</Trans>
        </h3>
        <span className={styles.price}>{price}</span>
        <span className={styles.perCredit}>
          <Trans>{perCredit} per credit</Trans>
        </span>
        <div className={styles.cardAction}>
          <Button
            variant="primary"
            fullWidth
            isPending={isPending}
            isDisabled={isDisabled}
            onPress={() => onBuy(pkg)}
            aria-label={t`Buy ${credits} credits for ${price}`}
          >
            <Trans>Buy</Trans>
          </Button>
        </div>
      </div>
    </Card>
  );
}
