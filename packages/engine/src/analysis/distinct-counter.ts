/** Distinct values counted exactly up to this many; then the counter switches to HyperLogLog. */
export const EXACT_DISTINCT_LIMIT = 1024;
/** HyperLogLog with 2^12 registers: 4 KiB per column, standard error 1.04 / sqrt(4096) ≈ 1.6%. */
const PRECISION = 12;
const REGISTERS = 1 << PRECISION;
const LOW_BITS = 0x200000;

/** Counts distinct values in bounded memory: an exact set of hashes first, HyperLogLog past the limit. */
export class DistinctCounter {
  private exact: Set<number> | null = new Set();
  private registers: Uint8Array | null = null;
  private last = -1;
  /** Values added, repeats included: no estimate may be above it. */
  private added = 0;

  /** `exactLimit`: distinct values counted exactly before the switch to HyperLogLog. */
  constructor(private readonly exactLimit = EXACT_DISTINCT_LIMIT) {}

  /** Adds one value by its hash key (`hashKey`). */
  add(key: number): void {
    this.added++;
    // A column often repeats its previous value; adding it again changes nothing.
    if (key === this.last) return;
    this.last = key;
    if (this.exact === null) {
      this.register(key);
      return;
    }
    this.exact.add(key);
    if (this.exact.size <= this.exactLimit) return;
    // The keys hold all 53 hash bits, so the values seen so far move into the registers unchanged.
    this.registers = new Uint8Array(REGISTERS);
    for (const seen of this.exact) this.register(seen);
    this.exact = null;
  }

  /** Adds every value `other` counted (as if each had been added here). */
  merge(other: DistinctCounter): void {
    if (other.exact !== null) {
      for (const key of other.exact) this.add(key);
      this.added += other.added - other.exact.size;
      return;
    }
    if (this.exact !== null) {
      this.registers = new Uint8Array(REGISTERS);
      for (const seen of this.exact) this.register(seen);
      this.exact = null;
    }
    const mine = this.registers as Uint8Array;
    const theirs = other.registers as Uint8Array;
    for (let k = 0; k < REGISTERS; k++) if ((theirs[k] as number) > (mine[k] as number)) mine[k] = theirs[k] as number;
    this.added += other.added;
  }

  private register(key: number): void {
    const registers = this.registers as Uint8Array;
    const high = Math.floor(key / LOW_BITS);
    const index = high >>> (32 - PRECISION);
    // Rank: position of the first 1 bit in the 41 bits after the index (20 of `high`, then 21 of `low`).
    const rest = (high << PRECISION) >>> 0;
    const low = (key % LOW_BITS) << 11;
    const rank = rest !== 0 ? Math.clz32(rest) + 1 : 32 - PRECISION + Math.min(Math.clz32(low), 21) + 1;
    if (rank > (registers[index] as number)) registers[index] = rank;
  }

  /**
   * The exact count while it is known, else the HyperLogLog estimate (with the small-range correction), never
   * above the number of values added (an estimate's error could otherwise claim more distinct values than
   * there are values).
   */
  count(): { estimate: number; exact: boolean } {
    if (this.exact !== null) return { estimate: this.exact.size, exact: true };
    const registers = this.registers as Uint8Array;
    let sum = 0;
    let zeros = 0;
    for (let k = 0; k < REGISTERS; k++) {
      const value = registers[k] as number;
      sum += 2 ** -value;
      if (value === 0) zeros++;
    }
    const alpha = 0.7213 / (1 + 1.079 / REGISTERS);
    let estimate = (alpha * REGISTERS * REGISTERS) / sum;
    if (estimate <= 2.5 * REGISTERS && zeros > 0) estimate = REGISTERS * Math.log(REGISTERS / zeros);
    return { estimate: Math.min(Math.round(estimate), this.added), exact: false };
  }
}
