import { describe, expect, it } from 'vitest';
import { webhookAddressPolicy } from './address-policy.js';
import { checkAddress, TargetRefused } from './target.js';

const rules = { addressAllowed: webhookAddressPolicy(false) };

describe('checkAddress', () => {
  it('refuses an IP literal in one sentence', () => {
    expect(() => checkAddress('10.1.2.3', '10.1.2.3', rules)).toThrow(
      new TargetRefused('Webhooks cannot be sent to this address: 10.1.2.3 is a private address.'),
    );
  });

  it('names the host that resolved to a refused address', () => {
    expect(() => checkAddress('localhost', '127.0.0.1', rules)).toThrow(
      new TargetRefused(
        'Webhooks cannot be sent to this address: 127.0.0.1 is a loopback address (localhost resolves to it).',
      ),
    );
  });

  it('lets a public address through', () => {
    expect(() => checkAddress('93.184.215.14', '93.184.215.14', rules)).not.toThrow();
  });
});
