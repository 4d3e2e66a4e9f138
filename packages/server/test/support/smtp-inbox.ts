import { SMTPServer } from 'smtp-server';

/** A received e-mail. */
export interface ReceivedMail {
  to: string[];
  raw: string;
  /** The 6-digit code in the message body, if any. */
  code: string | undefined;
}

/** A real SMTP server on 127.0.0.1 that keeps what it receives, for tests to read codes from. */
export class SmtpInbox {
  private readonly received: ReceivedMail[] = [];
  private readonly waiters: { to: string; resolve: (mail: ReceivedMail) => void }[] = [];

  private constructor(
    private readonly server: SMTPServer,
    readonly url: string,
  ) {}

  /** Listens on `port` (any free one by default; a test may bring a server up where one was down). */
  static async start(port = 0): Promise<SmtpInbox> {
    let inbox: SmtpInbox | undefined;
    const server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      onData(stream, session, callback) {
        const chunks: Buffer[] = [];
        stream.on('data', (chunk: Buffer) => chunks.push(chunk));
        stream.on('end', () => {
          const raw = Buffer.concat(chunks).toString('utf8');
          inbox?.deliver({
            to: session.envelope.rcptTo.map((rcpt) => rcpt.address.toLowerCase()),
            raw,
            code: /code is (\d{6})/.exec(raw)?.[1],
          });
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
    const address = server.server.address();
    if (address === null || typeof address === 'string') throw new Error('SMTP server has no port');
    inbox = new SmtpInbox(server, `smtp://127.0.0.1:${address.port}`);
    return inbox;
  }

  private deliver(mail: ReceivedMail): void {
    const waiter = this.waiters.findIndex((w) => mail.to.includes(w.to));
    if (waiter >= 0) {
      const [w] = this.waiters.splice(waiter, 1);
      w?.resolve(mail);
    } else {
      this.received.push(mail);
    }
  }

  /** The next message to this address (already received or still to come). */
  next(to: string, timeoutMs = 10_000): Promise<ReceivedMail> {
    const address = to.toLowerCase();
    const index = this.received.findIndex((mail) => mail.to.includes(address));
    if (index >= 0) return Promise.resolve(this.received.splice(index, 1)[0] as ReceivedMail);
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no mail to ${to} within ${timeoutMs} ms`)), timeoutMs);
      this.waiters.push({
        to: address,
        resolve: (mail) => {
          clearTimeout(timer);
          resolve(mail);
        },
      });
    });
  }

  /** Messages received but not yet taken by next(). */
  pending(to: string): number {
    return this.received.filter((mail) => mail.to.includes(to.toLowerCase())).length;
  }

  close(): Promise<void> {
    return new Promise((resolve) => this.server.close(() => resolve()));
  }
}
