import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { type DomainEvent, DomainEvents } from './domain-events.js';

const AT = new Date('2026-11-24T10:00:00Z');
const EXPIRING = { userId: 'u1', fileId: 'f1', fileName: 'a.json', expiresAt: '2026-11-25T09:00:00.000Z' };

describe('DomainEvents', () => {
  it('gives every subscriber of a type the event with its id and time, in subscription order', async () => {
    const events = new DomainEvents(pino({ level: 'silent' }));
    const seen: string[] = [];
    events.subscribe('file.expiring', async (event: DomainEvent<'file.expiring'>) => {
      seen.push(`first ${event.id} ${event.fileName} ${event.occurredAt}`);
    });
    events.subscribe('file.expiring', async (event) => {
      seen.push(`second ${event.type}`);
    });
    events.subscribe('conversion.failed', async () => {
      seen.push('never');
    });
    await events.publish('file.expiring', 'file.expiring:f1', EXPIRING, AT);
    expect(seen).toEqual(['first file.expiring:f1 a.json 2026-11-24T10:00:00.000Z', 'second file.expiring']);
  });

  it('logs a failing subscriber and still runs the others, never failing the publisher', async () => {
    const logged: unknown[] = [];
    const log = pino({ level: 'error' }, { write: (line: string) => logged.push(JSON.parse(line)) });
    const events = new DomainEvents(log);
    let ran = false;
    events.subscribe('file.expiring', async () => {
      throw new Error('queue down');
    });
    events.subscribe('file.expiring', async () => {
      ran = true;
    });
    await expect(events.publish('file.expiring', 'file.expiring:f1', EXPIRING, AT)).resolves.toBeUndefined();
    expect(ran).toBe(true);
    expect(logged).toEqual([expect.objectContaining({ event: 'file.expiring', id: 'file.expiring:f1' })]);
  });
});
