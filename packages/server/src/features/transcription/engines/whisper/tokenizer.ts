/**
 * Whisper's byte-level BPE tokenizer, decode direction only (the model generates ids; we never encode).
 * Each vocabulary entry is a string of GPT-2 "byte characters"; `byteDecoder` maps every such character
 * back to its byte, and the bytes of a run of tokens are UTF-8.
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

/** Seconds per timestamp token step. */
export const TIMESTAMP_STEP = 0.02;

export class WhisperTokenizer {
  readonly special: SpecialTokens;
  private readonly tokenBytes: (Uint8Array | undefined)[];
  private readonly utf8 = new TextDecoder('utf-8');

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
