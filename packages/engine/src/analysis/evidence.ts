/** How many examples an issue or a field keeps. */
export const MAX_EXAMPLES = 3;
/** Occurrences offered as examples before an issue stops looking for more distinct ones. */
export const MAX_EXAMPLE_TRIES = 64;
/** Longest example text kept, in characters. */
export const MAX_EXAMPLE_LENGTH = 80;

/** Cuts an example to MAX_EXAMPLE_LENGTH characters, marking the cut with an ellipsis. */
export function clip(text: string): string {
  return text.length > MAX_EXAMPLE_LENGTH ? `${text.slice(0, MAX_EXAMPLE_LENGTH - 1)}…` : text;
}

/** A count with the first few distinct examples: the evidence behind one issue. */
export class Evidence {
  count = 0;
  readonly examples: string[] = [];
  private tries = 0;

  /** Whether `add` may still keep an example: when not, callers count with `addUnshown` and build no text. */
  wantsExample(): boolean {
    return this.examples.length < MAX_EXAMPLES && this.tries < MAX_EXAMPLE_TRIES;
  }

  /** Counts one occurrence without offering an example. */
  addUnshown(): void {
    this.count++;
  }

  /** Counts one occurrence, keeping its example while there is room. */
  add(example: string): void {
    this.count++;
    this.tries++;
    if (this.examples.length < MAX_EXAMPLES) {
      const clipped = clip(example);
      if (!this.examples.includes(clipped)) this.examples.push(clipped);
    }
  }
}

/** `1 value` or `3 values`. */
export function plural(count: number, one: string, many: string): string {
  return `${count} ${count === 1 ? one : many}`;
}
