import type { NotificationKind, NotificationSettings } from '@unnest/contracts';
import { escapeHtml } from '../platform/html.js';
import type { MailMessage } from '../platform/mail.js';
import { SWITCH_LABELS } from './kinds.js';

/** What one notification e-mail says and where its links go. */
export interface NotificationMailParts {
  to: string;
  kind: NotificationKind;
  title: string;
  body: string;
  /** Absolute URL of what it is about, if anything. */
  openUrl: string | null;
  unsubscribeUrl: string;
  settingsUrl: string;
  /** What the unsubscribe link turns off. */
  unsubscribes: keyof NotificationSettings;
}

/**
 * A notification e-mail: a text and an HTML part saying the same, and the RFC 8058 headers so that
 * mail clients offer one-click unsubscribe.
 */
export function notificationMail(parts: NotificationMailParts): MailMessage {
  const stops = SWITCH_LABELS[parts.unsubscribes];
  const open = parts.openUrl ? `\n\nOpen Unnest: ${parts.openUrl}` : '';
  const text =
    `${parts.body}${open}\n\n--\n` +
    `Unsubscribe (turns off ${stops}): ${parts.unsubscribeUrl}\n` +
    `Notification settings: ${parts.settingsUrl}\n`;
  const paragraphs = parts.body
    .split(/\n{2,}/)
    .map((paragraph) => `<p>${escapeHtml(paragraph).replace(/\n/g, '<br>')}</p>`)
    .join('\n');
  const openLink = parts.openUrl ? `<p><a href="${escapeHtml(parts.openUrl)}">Open Unnest</a></p>\n` : '';
  const html =
    `<!doctype html>\n<html lang="en"><body>\n<h1 style="font-size:18px">${escapeHtml(parts.title)}</h1>\n` +
    `${paragraphs}\n${openLink}<hr>\n<p style="font-size:12px">` +
    `<a href="${escapeHtml(parts.unsubscribeUrl)}">Unsubscribe</a> (turns off ${escapeHtml(stops)}) · ` +
    `<a href="${escapeHtml(parts.settingsUrl)}">Notification settings</a></p>\n</body></html>\n`;
  return {
    to: parts.to,
    subject: parts.title,
    text,
    html,
    headers: {
      'List-Unsubscribe': `<${parts.unsubscribeUrl}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    },
    outboxNote: `Notification: ${parts.title}`,
  };
}
