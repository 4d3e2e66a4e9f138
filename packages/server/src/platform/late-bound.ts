/**
 * A service needed by one built before it, where two features need each other (payments applies the
 * retention that the profile's settings and the batches keep; notifications read the profile's
 * switches while payments notify). The composition binds it right after building it, before any
 * request or job runs; a call before that throws, naming it, instead of reaching an undefined variable.
 */
export class LateBound<T> {
  private value: T | undefined;

  constructor(private readonly name: string) {}

  bind(value: T): void {
    if (this.value !== undefined) throw new Error(`${this.name} is bound twice`);
    this.value = value;
  }

  get(): T {
    if (this.value === undefined) throw new Error(`${this.name} is used before it is built`);
    return this.value;
  }
}
