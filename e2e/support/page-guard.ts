import { setTimeout as sleep } from 'node:timers/promises';
import type { BrowserContext, ConsoleMessage, Response } from 'playwright-core';

/**
 * An answer a test causes on purpose (a wrong password, a used-up limit): its HTTP status, the request's
 * method and the path it is sent to (no query string).
 */
export interface ExpectedAnswer {
  status: number;
  method: string;
  path: string;
}

// Chromium logs every 4xx/5xx answer as this console error too; the answer itself is judged instead.
const FAILED_ANSWER_LOG = /^Failed to load resource: the server responded with a status of \d+/;
const EXPECTED_ANSWER_WAIT_MS = 5_000;
// The web app renews its access token after a 401 (POST /api/auth/refresh) and sends the call again.
const RENEWAL_PATH = '/api/auth/refresh';
const RENEWAL_WAIT_MS = 2_000;

function describeAnswer(answer: ExpectedAnswer): string {
  return `${answer.status} to ${answer.method} ${answer.path}`;
}

/**
 * Watches every page of a browser context for what a user should never meet: an error in the console, an
 * uncaught exception, or a 4xx/5xx answer the test did not declare with `expectAnswer` (a 401 to an access
 * token that the app then renews is the renewal working, not a failure). What it finds is thrown by
 * `check` (after each test, see browser.ts) with the page it happened on.
 */
export class PageGuard {
  private problems: string[] = [];
  private pending: Promise<void>[] = [];
  private expected: (ExpectedAnswer & { seen: number })[] = [];
  /** 401s to a bearer token not yet followed by a renewed one. */
  private awaitingRenewal: string[] = [];
  /** When the last successful renewal's answer came (ms since the epoch, as Playwright's request timing). */
  private lastRenewalAt = 0;

  constructor(context: BrowserContext) {
    context.on('console', (message) => this.console(message));
    context.on('weberror', (error) => {
      this.problems.push(`uncaught ${error.error().message} on ${error.page()?.url() ?? 'a page'}`);
    });
    context.on('response', (response) => this.answer(response));
  }

  /**
   * Runs `action`, during which answers of this status to this method and path are the user's doing (at
   * least one must come: a declaration that no longer matches anything fails too).
   */
  async expectAnswer<T>(answer: ExpectedAnswer, action: () => Promise<T>): Promise<T> {
    const expectation = { ...answer, seen: 0 };
    this.expected.push(expectation);
    try {
      const result = await action();
      const deadline = Date.now() + EXPECTED_ANSWER_WAIT_MS;
      while (expectation.seen === 0 && Date.now() < deadline) await sleep(50);
      if (expectation.seen === 0) throw new Error(`The expected answer (${describeAnswer(answer)}) did not come`);
      return result;
    } finally {
      this.expected = this.expected.filter((entry) => entry !== expectation);
    }
  }

  /** Throws what was found since the last check, and forgets it. */
  async check(): Promise<void> {
    const deadline = Date.now() + RENEWAL_WAIT_MS;
    while (this.awaitingRenewal.length > 0 && Date.now() < deadline) {
      await sleep(50);
    }
    this.problems.push(...this.awaitingRenewal.splice(0).map((answer) => `${answer}, and no token renewal followed`));
    await Promise.all(this.pending.splice(0));
    const found = this.problems.splice(0);
    if (found.length > 0) throw new Error(`The browser met what a user should not:\n${found.join('\n')}`);
  }

  private console(message: ConsoleMessage): void {
    if (message.type() !== 'error' || FAILED_ANSWER_LOG.test(message.text())) return;
    const where = message.location().url || message.page()?.url() || 'a page';
    this.problems.push(`console error on ${where}: ${message.text()}`);
  }

  private answer(response: Response): void {
    const status = response.status();
    const request = response.request();
    const path = new URL(response.url()).pathname;
    if (status === 200 && path === RENEWAL_PATH) {
      this.awaitingRenewal = [];
      this.lastRenewalAt = Date.now();
    }
    if (status < 400) return;
    // Declared first: a 401 can be the user's doing too (a wrong password to confirm an action).
    const expectation = this.expected.find(
      (entry) => entry.status === status && entry.method === request.method() && entry.path === path,
    );
    if (expectation) {
      expectation.seen += 1;
      return;
    }
    // A token the server ended (sign-out elsewhere, a plan change) is renewed by the app: that 401 is no
    // failure, as long as the renewal follows. Answers are reported in no set order: a 401 to a call sent
    // with the old token, before a renewal's answer came, can be reported after it, and is covered by it.
    if (status === 401 && request.headers().authorization?.startsWith('Bearer ') && path !== RENEWAL_PATH) {
      if (request.timing().startTime <= this.lastRenewalAt) return;
      this.awaitingRenewal.push(`${request.method()} ${path} answered 401`);
      return;
    }
    let page = 'no page';
    try {
      page = request.frame().page().url();
    } catch {
      // A worker's request has no frame.
    }
    this.pending.push(
      response
        .text()
        .catch(() => '')
        .then((body) => {
          this.problems.push(`${request.method()} ${path} answered ${status} on ${page}: ${body.slice(0, 300)}`);
        }),
    );
  }
}
