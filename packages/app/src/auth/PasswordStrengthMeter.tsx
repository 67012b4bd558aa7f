import { useLingui } from '@lingui/react/macro';
import { passwordStrength } from '@scribe/api-client';
import { Meter } from '@scribe/ui';
import { strengthDescriptors } from '../i18n/messages.ts';

const tone = (score: number) => (score <= 40 ? 'danger' : score <= 60 ? 'warning' : 'success');

/** docs/decisions.md: 20 points per criterion; the label and the score are both shown. */
export function PasswordStrengthMeter({ password }: { password: string }) {
  const { t, i18n } = useLingui();
  const { score, label } = passwordStrength(password);
  const strength = i18n._(strengthDescriptors[label]);
  return <Meter label={t`Password strength`} value={score} valueLabel={t`${strength} (${score}/100)`} tone={tone(score)} />;
}
