/**
 * The record number of each distinct record hash seen, for duplicate detection: an open-addressing table of
 * 53-bit keys in typed arrays, so a quarter of a million records cost 6 MB and no garbage (a Map of numbers
 * costs several times that, and its hashing dominated the analysis of narrow records).
 */
import { type Hash53, hashKey } from './value-hash.js';

export class RecordIndex {
  private keys = new Float64Array(1024);
  private records = new Int32Array(1024);
  private mask = 1023;
  size = 0;

  /** The record stored under `hash`, or 0 (record numbers start at 1). */
  get(hash: Hash53): number {
    const key = hashKey(hash);
    let slot = hash.low & this.mask;
    for (;;) {
      const record = this.records[slot] as number;
      if (record === 0 || this.keys[slot] === key) return record;
      slot = (slot + 1) & this.mask;
    }
  }

  /** Stores `record` (at least 1) under a `hash` not stored yet. */
  set(hash: Hash53, record: number): void {
    if ((this.size + 1) * 2 > this.keys.length) this.grow();
    this.place(hashKey(hash), hash.low, record);
    this.size++;
  }

  private place(key: number, low: number, record: number): void {
    let slot = low & this.mask;
    while (this.records[slot] !== 0) slot = (slot + 1) & this.mask;
    this.keys[slot] = key;
    this.records[slot] = record;
  }

  private grow(): void {
    const keys = this.keys;
    const records = this.records;
    this.keys = new Float64Array(keys.length * 2);
    this.records = new Int32Array(keys.length * 2);
    this.mask = keys.length * 2 - 1;
    for (let k = 0; k < keys.length; k++) {
      const key = keys[k] as number;
      // The key's low 21 bits are the hash's low bits, which pick the slot.
      if (records[k] !== 0) this.place(key, key % 0x200000, records[k] as number);
    }
  }
}
