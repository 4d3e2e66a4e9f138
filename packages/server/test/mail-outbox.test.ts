import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { confirmationMail } from '../src/auth/mail-templates.js';
import { createLogger } from '../src/platform/logger.js';
import { createMailer } from '../src/platform/mail.js';

describe('mail without SMTP_URL', () => {
  it('writes the message as sent to the outbox and prints the code in the log', async () => {
    const outboxDir = fs.mkdtempSync(path.join(os.tmpdir(), 'unnest-outbox-'));
    const lines: string[] = [];
    const mailer = createMailer(
      { smtpUrl: undefined, from: 'Unnest <no-reply@example.com>', outboxDir },
      createLogger('info', { write: (line: string) => lines.push(line) }),
    );
    try {
      await mailer.send(confirmationMail('new@example.com', '042917'));
      const files = fs.readdirSync(outboxDir);
      expect(files).toHaveLength(1);
      expect(files[0]).toMatch(/\.eml$/);
      const eml = fs.readFileSync(path.join(outboxDir, files[0] ?? ''), 'utf8');
      expect(eml).toMatch(/^From: Unnest <no-reply@example.com>$/m);
      expect(eml).toMatch(/^To: new@example.com$/m);
      expect(eml).toContain('Your confirmation code is 042917');
      expect(lines.join('')).toContain('Confirmation code: 042917');
    } finally {
      mailer.close();
      fs.rmSync(outboxDir, { recursive: true, force: true });
    }
  });
});
