import type {
  Notification,
  NotificationKind,
  NotificationSettings,
  NotificationSettingsUpdate,
  NotificationsReadResponse,
  NotificationsResponse,
} from '@unnest/contracts';
import type { Accounts } from '../platform/account.js';
import type { Clock } from '../platform/clock.js';
import type { DomainEvent } from '../platform/domain-events.js';
import { AppError } from '../platform/errors.js';
import type { Logger } from '../platform/logger.js';
import type { Mailer } from '../platform/mail.js';
import { storageLimitBytes } from '../platform/plan-catalogue.js';
import { SWITCH_LABELS, unsubscribeSwitch, wanted } from './kinds.js';
import type { NoticeContent } from './notice-content.js';
import {
  batchNotice,
  conversionCompletedNotice,
  conversionFailedNotice,
  fileExpiringNotice,
  storageNotice,
} from './notices.js';
import { notificationMail } from './notification-mail.js';
import type { NotificationRow, NotificationsRepository } from './repository.js';
import type { UnsubscribeLinks } from './unsubscribe-links.js';

export type { NoticeContent };

/** One notification to raise: `eventKey` names the event, so raising it again does nothing. */
export interface NewNotice extends NoticeContent {
  userId: string;
  kind: NotificationKind;
  eventKey: string;
}

/** What other features call to notify an account (payments: receipts and plan reminders). */
export interface Notifier {
  notify(notice: NewNotice): Promise<void>;
}

/** Reads and changes the three switches (they live with the other settings, in the profile). */
export interface SettingsAccess {
  of(userId: string): Promise<NotificationSettings>;
  update(userId: string, update: NotificationSettingsUpdate): Promise<NotificationSettings>;
}

// The storage levels that notify, highest first.
const STORAGE_LEVELS = [90, 80] as const;

/**
 * Notifications: raised once per event when the user's switches allow, listed in the bell, and
 * e-mailed through the job queue (so a mail server outage delays the mail and never the action).
 */
export class NotificationsService implements Notifier {
  constructor(
    private readonly deps: {
      repository: NotificationsRepository;
      /** Notifications come from events and links, not requests: the account is read by id. */
      accounts: Pick<Accounts, 'byId'>;
      settings: SettingsAccess;
      links: UnsubscribeLinks;
      mailer: Mailer;
      clock: Clock;
      log: Logger;
      publicUrl: string;
      /** A conversion at least this long notifies when it ends. */
      longConversionMs: number;
      /** Queues the e-mail of a notification (a job that calls `sendMail`). */
      queueMail: (notificationId: string) => Promise<void>;
    },
  ) {}

  async list(userId: string, page: number, pageSize: number): Promise<NotificationsResponse> {
    const [rows, counts] = await Promise.all([
      this.deps.repository.page(userId, page, pageSize),
      this.deps.repository.counts(userId),
    ]);
    return {
      notifications: rows.map(describe),
      total: counts.total,
      unread_count: counts.unread,
      page,
      page_size: pageSize,
    };
  }

  async markRead(userId: string, id: string): Promise<NotificationsReadResponse> {
    if (!(await this.deps.repository.markRead(userId, id, this.deps.clock.now()))) {
      throw new AppError('NOT_FOUND', { detail: 'Notification not found' });
    }
    return { unread_count: (await this.deps.repository.counts(userId)).unread };
  }

  async markAllRead(userId: string): Promise<NotificationsReadResponse> {
    await this.deps.repository.markAllRead(userId, this.deps.clock.now());
    return { unread_count: 0 };
  }

  settings(userId: string): Promise<NotificationSettings> {
    return this.deps.settings.of(userId);
  }

  updateSettings(userId: string, update: NotificationSettingsUpdate): Promise<NotificationSettings> {
    return this.deps.settings.update(userId, update);
  }

  /** Raises a notification unless its switch is off or it was raised before; queues its e-mail. */
  async notify(notice: NewNotice): Promise<void> {
    const settings = await this.deps.settings.of(notice.userId);
    if (!wanted(notice.kind, settings)) return;
    const row = await this.deps.repository.insertOnce({
      userId: notice.userId,
      kind: notice.kind,
      eventKey: notice.eventKey,
      title: notice.title,
      body: notice.body,
      summary: notice.summary,
      summaryDate: notice.date ?? null,
      link: notice.link,
      createdAt: this.deps.clock.now(),
    });
    if (row && settings.email_notifications) await this.deps.queueMail(row.id);
  }

  /** A stored conversion ended: notify a long one, then look at the storage it took. */
  async conversionCompleted(event: DomainEvent<'conversion.completed'>): Promise<void> {
    if (event.durationMs >= this.deps.longConversionMs) {
      await this.notify({
        userId: event.userId,
        kind: 'conversion_completed',
        eventKey: event.id,
        ...conversionCompletedNotice(event),
      });
    }
    await this.checkStorage(event.userId, event.id);
  }

  async conversionFailed(event: DomainEvent<'conversion.failed'>): Promise<void> {
    if (event.durationMs < this.deps.longConversionMs) return;
    await this.notify({
      userId: event.userId,
      kind: 'conversion_failed',
      eventKey: event.id,
      ...conversionFailedNotice(event),
    });
  }

  async batchCompleted(event: DomainEvent<'batch.completed'>): Promise<void> {
    // A batch the user cancelled needs no telling.
    if (event.status === 'cancelled') return;
    await this.notify({
      userId: event.userId,
      kind: event.status === 'completed' ? 'batch_completed' : 'batch_failed',
      eventKey: event.id,
      ...batchNotice(event),
    });
  }

  async fileExpiring(event: DomainEvent<'file.expiring'>): Promise<void> {
    await this.notify({
      userId: event.userId,
      kind: 'file_expiring',
      eventKey: event.id,
      ...fileExpiringNotice(event),
    });
  }

  /**
   * After a stored conversion: when the account's storage rose past 80% or 90% of its plan, a
   * notification for this crossing (going back under and over again is a new one).
   */
  async checkStorage(userId: string, cause: string): Promise<void> {
    const account = await this.deps.accounts.byId(userId);
    const plan = account.plan;
    const limit = storageLimitBytes(plan);
    if (!Number.isFinite(limit)) return;
    const used = await account.storedBytes();
    const level = STORAGE_LEVELS.find((threshold) => used * 100 >= limit * threshold) ?? 0;
    const crossing = await this.deps.repository.moveStorageLevel(userId, level, this.deps.clock.now());
    if (crossing === undefined) return;
    this.deps.log.info({ userId, level, crossing, cause }, 'storage crossed a threshold');
    await this.notify({
      userId,
      kind: level === 90 ? 'storage_90' : 'storage_80',
      eventKey: `storage.${level}:${userId}:${crossing}`,
      ...storageNotice(level, used, plan),
    });
  }

  /** The mail job: sends a notification's e-mail once it is due; a repeat after success does nothing. */
  async sendMail(notificationId: string): Promise<void> {
    const found = await this.deps.repository.withRecipient(notificationId);
    if (!found || found.notification.emailedAt) return;
    const { notification, email } = found;
    // The user may have turned e-mail off since it was queued.
    if (!(await this.deps.settings.of(notification.userId)).email_notifications) return;
    const kind = notification.kind as NotificationKind;
    await this.deps.mailer.send(
      notificationMail({
        to: email,
        kind,
        title: notification.title,
        body: notification.body,
        openUrl: notification.link ? `${this.deps.publicUrl}${notification.link}` : null,
        unsubscribeUrl: this.deps.links.url(notification.userId, kind),
        settingsUrl: `${this.deps.publicUrl}/settings`,
        unsubscribes: unsubscribeSwitch(kind),
      }),
    );
    await this.deps.repository.markEmailed(notification.id, this.deps.clock.now());
  }

  /** What a signed unsubscribe link would turn off (400 when the link was tampered with). */
  unsubscribeTarget(userId: string, kind: string, sig: string): { setting: keyof NotificationSettings; label: string } {
    const verified = this.deps.links.verify(userId, kind, sig);
    if (!verified) throw new AppError('UNSUBSCRIBE_LINK_INVALID');
    const setting = unsubscribeSwitch(verified);
    return { setting, label: SWITCH_LABELS[setting] };
  }

  /** Turns off what a signed link names; no sign-in needed, the signature is the proof. */
  async unsubscribe(userId: string, kind: string, sig: string): Promise<{ label: string }> {
    const { setting, label } = this.unsubscribeTarget(userId, kind, sig);
    // A valid link of an account deleted since.
    await this.deps.accounts.byId(userId).catch(() => {
      throw new AppError('NOT_FOUND', { detail: 'Account not found' });
    });
    await this.deps.settings.update(userId, { [setting]: false });
    this.deps.log.info({ userId, setting }, 'unsubscribed through an e-mail link');
    return { label };
  }
}

function describe(row: NotificationRow): Notification {
  return {
    id: row.id,
    kind: row.kind as NotificationKind,
    title: row.title,
    body: row.body,
    // Notifications from before the sentence was kept show their e-mail's text.
    summary: row.summary ?? row.body,
    date: row.summaryDate?.toISOString() ?? null,
    link: row.link,
    read: row.readAt !== null,
    created_at: row.createdAt.toISOString(),
  };
}
