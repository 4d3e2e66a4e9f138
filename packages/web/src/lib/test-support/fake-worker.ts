/** A stand-in for `Worker` in the DOM of a test: it records what was posted and whether it was ended, and answers as told. */
export class FakeWorker extends EventTarget {
  /** Every worker made while the class stands in for `Worker` (see `fakeWorkerClass`). */
  static made: FakeWorker[] = [];
  posted: unknown[] = [];
  terminated = false;
  postMessage(task: unknown) {
    this.posted.push(task);
  }
  terminate() {
    this.terminated = true;
  }
  /** Answers as a worker serving `serveTasks` does. */
  answer(data: unknown) {
    this.dispatchEvent(new MessageEvent('message', { data }));
  }
}

/** A `Worker` class for `vi.stubGlobal`, whose instances are listed in `FakeWorker.made` (emptied here). */
export function fakeWorkerClass(): typeof FakeWorker {
  FakeWorker.made = [];
  return class extends FakeWorker {
    constructor() {
      super();
      FakeWorker.made.push(this);
    }
  };
}
