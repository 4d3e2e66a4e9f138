import { createHmac, timingSafeEqual } from 'node:crypto';
import { NOTIFICATION_KINDS, type NotificationKind } from '@unnest/contracts';

/**
 * Signs and checks one-click unsubscribe links: an HMAC over the user id and the kind, so a link
 * works without signing in, for that account and kind only, and a changed one is refused.
 */
export class UnsubscribeLinks {
  constructor(
    private readonly key: Uint8Array,
    private readonly publicUrl: string,
  ) {}

  /** The link (also the RFC 8058 one-click POST target) that turns off what `kind` belongs to. */
  url(userId: string, kind: NotificationKind): string {
    const query = new URLSearchParams({ user: userId, kind, sig: this.signature(userId, kind) });
    return `${this.publicUrl}/api/notifications/unsubscribe?${query.toString()}`;
  }

  /** The kind a link names when its signature holds; undefined for a tampered or unknown one. */
  verify(userId: string, kind: string, sig: string): NotificationKind | undefined {
    if (!(NOTIFICATION_KINDS as readonly string[]).includes(kind)) return undefined;
    const expected = Buffer.from(this.signature(userId, kind));
    const given = Buffer.from(sig);
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return undefined;
    return kind as NotificationKind;
  }

  private signature(userId: string, kind: string): string {
    return createHmac('sha256', this.key).update(`${userId}\n${kind}`).digest('base64url');
  }
}
