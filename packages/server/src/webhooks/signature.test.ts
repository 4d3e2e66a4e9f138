import { Webhook } from 'standardwebhooks';
import { describe, expect, it } from 'vitest';
import { newWebhookSecret, signedHeaders } from './signature.js';

describe('signedHeaders', () => {
  const body = '{"type":"conversion.completed","timestamp":"2026-01-01T00:00:00.000Z","data":{"file_id":"f"}}';

  it('verifies with the standardwebhooks library, under each of the secrets it was signed with', () => {
    const [current, previous] = [newWebhookSecret(), newWebhookSecret()];
    const headers = signedHeaders([current, previous], 'msg_1', new Date(), body);
    expect(headers['webhook-signature']?.split(' ')).toHaveLength(2);
    for (const secret of [current, previous])
      expect(new Webhook(secret).verify(body, headers)).toEqual(JSON.parse(body));
    expect(() => new Webhook(newWebhookSecret()).verify(body, headers)).toThrow();
  });

  it('matches the library’s own signature', () => {
    const secret = newWebhookSecret();
    const at = new Date('2026-03-04T05:06:07Z');
    expect(signedHeaders([secret], 'msg_2', at, body)).toMatchObject({
      'webhook-id': 'msg_2',
      'webhook-timestamp': String(at.getTime() / 1000),
      'webhook-signature': new Webhook(secret).sign('msg_2', at, body),
    });
  });

  it('refuses a body changed in transit', () => {
    const secret = newWebhookSecret();
    const headers = signedHeaders([secret], 'msg_3', new Date(), body);
    expect(() => new Webhook(secret).verify(body.replace('"f"', '"g"'), headers)).toThrow();
  });
});
