/** The speeds the player offers. */
export const PLAYBACK_RATES = [0.5, 0.75, 1, 1.25, 1.5, 2] as const;

/** A speed as the player shows it: '1.5×', '1,5×' in German. */
export const rateLabel = (rate: number, locale: string) => `${rate.toLocaleString(locale)}×`;
