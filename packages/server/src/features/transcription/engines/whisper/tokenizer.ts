/**
 * Whisper's byte-level BPE tokenizer. Each vocabulary entry is a string of GPT-2 "byte characters";
 * `byteDecoder` maps every such character back to its byte, and the bytes of a run of tokens are UTF-8.
 * Encoding (for the decoder's previous-context prompt, a user's vocabulary) is tiktoken's algorithm,
 * which Whisper's own tokenizer uses: split with GPT-2's pattern, then merge the adjacent pair whose
 * joined bytes have the lowest rank until none is a token. In GPT-2's vocabulary a token's rank is its id.
 */

export interface SpecialTokens {
  endOfText: number;
  startOfTranscript: number;
  translate: number;
  transcribe: number;
  startOfLm: number;
  startOfPrev: number;
  noTimestamps: number;
  /** `<|0.00|>`; each following id is 0.02 s later. */
  firstTimestamp: number;
  /** `<|30.00|>` */
  lastTimestamp: number;
}

/** What the graph rewrite extracts from the BpeDecoder node (stored as JSON next to the model). */
export interface TokenizerData {
  /** Text tokens by id, in byte-character form (index = id). */
  vocab: string[];
  /** Byte character -> byte value. */
  byteDecoder: Record<string, number>;
  special: SpecialTokens;
}

/** GPT-2's pre-tokenizer pattern (tiktoken's r50k_base / Whisper's "gpt2" encoding). */
const GPT2_PATTERN = /'s|'t|'re|'ve|'m|'ll|'d| ?\p{L}+| ?\p{N}+| ?[^\s\p{L}\p{N}]+|\s+(?!\S)|\s+/gu;

/** Seconds per timestamp token step. */
export const TIMESTAMP_STEP = 0.02;

export class WhisperTokenizer {
  readonly special: SpecialTokens;
  private readonly tokenBytes: (Uint8Array | undefined)[];
  private readonly utf8 = new TextDecoder('utf-8');
  /** Text token id by its bytes (as latin1 string, one char per byte); built on the first encode. */
  private ranks: Map<string, number> | null = null;

  constructor(data: TokenizerData) {
    this.special = data.special;
    this.tokenBytes = data.vocab.map((token, id) => {
      if (id >= data.special.endOfText) return undefined; // special tokens carry no text
      const bytes = new Uint8Array(token.length);
      let n = 0;
      for (const ch of token) {
        const b = data.byteDecoder[ch];
        if (b === undefined) throw new Error(`Token ${id} has a character outside the byte alphabet`);
        bytes[n++] = b;
      }
      return bytes.subarray(0, n);
    });
  }

  isText(id: number): boolean {
    return id >= 0 && id < this.special.endOfText;
  }

  isTimestamp(id: number): boolean {
    return id >= this.special.firstTimestamp && id <= this.special.lastTimestamp;
  }

  timestampSeconds(id: number): number {
    return Math.round((id - this.special.firstTimestamp) * TIMESTAMP_STEP * 100) / 100;
  }

  /** Text token ids of `text` (no special tokens), as Whisper's tokenizer encodes it. */
  encode(text: string): number[] {
    const ranks = (this.ranks ??= new Map(
      this.tokenBytes.flatMap((bytes, id) => (bytes ? [[Buffer.from(bytes).toString('latin1'), id] as const] : [])),
    ));
    const ids: number[] = [];
    for (const [piece] of text.matchAll(GPT2_PATTERN)) {
      let parts = [...Buffer.from(piece, 'utf8').toString('latin1')];
      const whole = ranks.get(parts.join(''));
      if (whole !== undefined) {
        ids.push(whole);
        continue;
      }
      for (;;) {
        let best = -1;
        let bestRank = Infinity;
        for (let i = 0; i < parts.length - 1; i++) {
          const rank = ranks.get(parts[i] + parts[i + 1]);
          if (rank !== undefined && rank < bestRank) {
            bestRank = rank;
            best = i;
          }
        }
        if (best < 0) break;
        parts = [...parts.slice(0, best), parts[best] + parts[best + 1], ...parts.slice(best + 2)];
      }
      for (const part of parts) {
        const id = ranks.get(part);
        // Every single byte is a token in a byte-level vocabulary.
        if (id === undefined) throw new Error('A byte has no token in this vocabulary');
        ids.push(id);
      }
    }
    return ids;
  }

  /** Text of the given ids; special and timestamp tokens are skipped. */
  decode(ids: Iterable<number>): string {
    const parts: Uint8Array[] = [];
    let length = 0;
    for (const id of ids) {
      const bytes = this.isText(id) ? this.tokenBytes[id] : undefined;
      if (bytes) {
        parts.push(bytes);
        length += bytes.length;
      }
    }
    const all = new Uint8Array(length);
    let offset = 0;
    for (const part of parts) {
      all.set(part, offset);
      offset += part.length;
    }
    return this.utf8.decode(all);
  }
}
