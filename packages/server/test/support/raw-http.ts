import net from 'node:net';
import type { TestApp } from './test-app.js';

/** The port a test app listens on (after `app.listen`). */
export function listening(app: TestApp['app']): number {
  const address = app.server.address();
  if (address === null || typeof address === 'string') throw new Error('not listening');
  return address.port;
}

/** A raw HTTP exchange: sends `head` and `body` parts as told, reads the whole answer. */
export function rawRequest(port: number) {
  const socket = net.connect(port, '127.0.0.1');
  let answer = '';
  socket.on('data', (chunk) => {
    answer += chunk.toString('utf8');
  });
  const closed = new Promise<string>((resolve) => socket.on('close', () => resolve(answer)));
  socket.on('error', () => {});
  return { socket, answer: closed };
}

/** The head of a multipart upload to POST /api/convert/file announcing `length` bytes of body. */
export function uploadHead(auth: string, contentType: string, length: number): string {
  return `POST /api/convert/file HTTP/1.1\r\nHost: localhost\r\nAuthorization: ${auth}\r\nContent-Type: ${contentType}\r\nContent-Length: ${length}\r\n\r\n`;
}
