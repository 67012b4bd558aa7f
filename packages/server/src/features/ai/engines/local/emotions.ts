// 'Identify emotions': a word lexicon per emotion (English and German) with the quoted evidence.
import { T } from './i18n.ts';
import { words, type Lang, type Sentence } from './text.ts';
import { formatTimestamp } from '../types.ts';

const ts = (seconds: number) => `[${formatTimestamp(seconds)}]`;

type Emotion = 'joy' | 'gratitude' | 'sadness' | 'anger' | 'fear' | 'surprise';
/** Word stems per emotion (matched at word starts), English and German. */
const EMOTION_LEXICON: Record<Lang, Record<Emotion, string[]>> = {
  en: {
    joy: [
      'happy',
      'happi',
      'glad',
      'joy',
      'delight',
      'love',
      'loving',
      'wonderful',
      'great',
      'excit',
      'enjoy',
      'pleas',
      'fantastic',
      'amazing',
      'proud',
      'cheer',
      'fun',
    ],
    gratitude: ['thank', 'grateful', 'gratitude', 'appreciat'],
    sadness: [
      'sad',
      'unhappy',
      'sorrow',
      'miss',
      'lonely',
      'disappoint',
      'depress',
      'grief',
      'griev',
      'cry',
      'tears',
      'regret',
      'unfortunate',
    ],
    anger: ['angry', 'anger', 'furious', 'annoy', 'frustrat', 'hate', 'outrag', 'mad', 'irritat', 'upset'],
    fear: ['afraid', 'fear', 'scared', 'worr', 'anxious', 'anxiety', 'nervous', 'panic', 'terrif', 'concern'],
    surprise: ['surpris', 'amaz', 'astonish', 'unexpected', 'shock', 'wow'],
  },
  de: {
    joy: [
      'freu',
      'glücklich',
      'froh',
      'toll',
      'wunderbar',
      'super',
      'liebe',
      'begeister',
      'spaß',
      'schön',
      'stolz',
      'großartig',
      'fantastisch',
    ],
    gratitude: ['dank', 'dankbar'],
    sadness: ['traurig', 'trauer', 'vermiss', 'einsam', 'enttäusch', 'leider', 'schade', 'weinen', 'bedauer'],
    anger: ['wütend', 'wut', 'ärger', 'sauer', 'hass', 'frustrier', 'empör', 'genervt', 'nervt'],
    fear: ['angst', 'ängst', 'sorge', 'besorg', 'fürcht', 'befürcht', 'nervös', 'panik', 'beunruhig'],
    surprise: ['überrasch', 'erstaun', 'unerwartet', 'schock', 'verblüff'],
  },
};
const NEGATIONS: Record<Lang, Set<string>> = {
  en: new Set(['not', "don't", 'never', 'no', "isn't", "wasn't", "aren't", "didn't"]),
  de: new Set(['nicht', 'nie', 'kein', 'keine', 'keinen', 'niemals']),
};

export function emotions(all: Sentence[], lang: Lang, ui: Lang = lang): string {
  const t = T[ui];
  const found = new Map<Emotion, Array<{ s: Sentence; word: string }>>();
  for (const s of all) {
    const ws = words(s.text.toLowerCase());
    ws.forEach((w, i) => {
      if (i > 0 && NEGATIONS[lang].has(ws[i - 1])) return;
      for (const [emotion, stems] of Object.entries(EMOTION_LEXICON[lang]) as Array<[Emotion, string[]]>) {
        // Short stems ('sad', 'mad') only as whole words.
        if (!stems.some((st) => (st.length >= 4 ? w.startsWith(st) : w === st))) continue;
        const list = found.get(emotion) ?? [];
        if (!list.some((x) => x.s === s)) list.push({ s, word: w });
        found.set(emotion, list);
      }
    });
  }
  if (found.size === 0) return t.noEmotions;
  const order = [...found.entries()].sort((a, b) => b[1].length - a[1].length);
  const positive = (found.get('joy')?.length ?? 0) + (found.get('gratitude')?.length ?? 0);
  const negative = (found.get('sadness')?.length ?? 0) + (found.get('anger')?.length ?? 0) + (found.get('fear')?.length ?? 0);
  const tone =
    positive === 0 && negative === 0
      ? t.tone.neutral
      : positive >= 2 * negative
        ? t.tone.positive
        : negative >= 2 * positive
          ? t.tone.negative
          : t.tone.mixed;
  const blocks = order.map(([emotion, list]) =>
    [`${t.emotions[emotion]} (${list.length}):`, ...list.slice(0, 5).map(({ s, word }) => `- ${ts(s.start)} “${s.text}” (${word})`)].join(
      '\n',
    ),
  );
  return [t.emotionsHeading, '', ...blocks.flatMap((b) => [b, '']), `${t.overall}: ${tone}`].join('\n');
}
