import http from 'node:http';
import type { AddressInfo } from 'node:net';

/** A request the receiver got. */
export interface ReceivedWebhook {
  headers: http.IncomingHttpHeaders;
  body: string;
}

/** How the receiver answers; by default 200. */
export type Answer = (request: ReceivedWebhook, response: http.ServerResponse) => void;

/** A real HTTP server on 127.0.0.1 that keeps the webhooks it receives, for tests to read. */
export class WebhookReceiver {
  readonly received: ReceivedWebhook[] = [];
  private waiters: Array<{ count: number; resolve: () => void }> = [];
  answer: Answer = (_request, response) => response.end('ok');

  private constructor(
    private readonly server: http.Server,
    readonly url: string,
  ) {}

  static async start(host = '127.0.0.1'): Promise<WebhookReceiver> {
    let receiver: WebhookReceiver | undefined;
    const server = http.createServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        const received = { headers: request.headers, body: Buffer.concat(chunks).toString('utf8') };
        receiver?.received.push(received);
        receiver?.answer(received, response);
        receiver?.wake();
      });
    });
    await new Promise<void>((resolve) => server.listen(0, host, resolve));
    const { port } = server.address() as AddressInfo;
    receiver = new WebhookReceiver(server, `http://${host}:${port}/hook`);
    return receiver;
  }

  private wake(): void {
    const ready = this.waiters.filter((waiter) => this.received.length >= waiter.count);
    this.waiters = this.waiters.filter((waiter) => this.received.length < waiter.count);
    for (const waiter of ready) waiter.resolve();
  }

  /** Resolves once `count` requests in all have arrived. */
  waitFor(count: number, timeoutMs = 15_000): Promise<void> {
    if (this.received.length >= count) return Promise.resolve();
    return new Promise((resolve, reject) => {
      const timer = setTimeout(
        () => reject(new Error(`the receiver got ${this.received.length} of ${count} webhooks`)),
        timeoutMs,
      );
      this.waiters.push({
        count,
        resolve: () => {
          clearTimeout(timer);
          resolve();
        },
      });
    });
  }

  close(): Promise<void> {
    this.server.closeAllConnections();
    return new Promise((resolve) => this.server.close(() => resolve()));
  }
}
