import { useLingui } from '@lingui/react/macro';
import { Dialog } from '@scribe/ui';
import { BuyCredits } from './BuyCredits.tsx';

/** Buy credits from the account menu (docs/product-spec.md §7: return address '/'). */
export function BuyCreditsDialog({ isOpen, onOpenChange }: { isOpen: boolean; onOpenChange(isOpen: boolean): void }) {
  const { t } = useLingui();
  return (
    <Dialog title={t`Buy credits`} isOpen={isOpen} onOpenChange={onOpenChange} size="lg">
      <BuyCredits returnPath="/" showBalance onPaid={() => onOpenChange(false)} />
    </Dialog>
  );
}
