import { Type } from 'typebox';
import type { DomainEvent, DomainEvents, DomainEventType } from '../platform/domain-events.js';
import { defineJob, type JobKind } from '../platform/jobs.js';
import type { NotificationsService } from './service.js';

/** The events that notify. */
const NOTIFYING_EVENTS = ['conversion.completed', 'conversion.failed', 'batch.completed', 'file.expiring'] as const;
type NotifyingType = (typeof NOTIFYING_EVENTS)[number];
type NotifyingEvent = { [T in NotifyingType]: DomainEvent<T> }[NotifyingType];

// The event as published; its own fields are checked by the event's type in TypeScript, the
// queue checks that it names a known event, its id and its user.
const EventPayload = Type.Object({
  event: Type.Unsafe<NotifyingEvent>(
    Type.Object({ type: Type.Enum([...NOTIFYING_EVENTS]), id: Type.String(), userId: Type.String() }),
  ),
});

/**
 * Turns one domain event into its notification (and storage check). Delivered at least once: the
 * notification's unique event key makes a repeat do nothing.
 */
export const NOTIFICATION_EVENT = { name: 'notifications.event', payload: EventPayload } satisfies JobKind;

/** The handler of NOTIFICATION_EVENT. */
export function notificationEventJob(service: NotificationsService) {
  return defineJob({
    ...NOTIFICATION_EVENT,
    retry: { limit: 5, delaySeconds: 30, backoff: true },
    expireInSeconds: 5 * 60,
    handle: async ({ event }) => {
      switch (event.type) {
        case 'conversion.completed':
          return service.conversionCompleted(event);
        case 'conversion.failed':
          return service.conversionFailed(event);
        case 'batch.completed':
          return service.batchCompleted(event);
        case 'file.expiring':
          return service.fileExpiring(event);
      }
    },
  });
}

/**
 * Sends one notification's e-mail, retried with a doubling delay from `retrySeconds`, so that a mail
 * server outage delays the mail. A repeat after it went out sends nothing.
 */
export const NOTIFICATION_MAIL = {
  name: 'notifications.mail',
  payload: Type.Object({ notificationId: Type.String() }),
} satisfies JobKind;

/** The handler of NOTIFICATION_MAIL. */
export function notificationMailJob(service: NotificationsService, retrySeconds: number) {
  return defineJob({
    ...NOTIFICATION_MAIL,
    retry: { limit: 10, delaySeconds: retrySeconds, backoff: true },
    expireInSeconds: 2 * 60,
    handle: ({ notificationId }) => service.sendMail(notificationId),
  });
}

/** Subscribes to the events that notify: each only enqueues the event job, whose event id names the notification. */
export function subscribeNotifications(events: DomainEvents, enqueue: (event: NotifyingEvent) => Promise<void>): void {
  for (const type of NOTIFYING_EVENTS) {
    events.subscribe(type as DomainEventType, (event) => enqueue(event as NotifyingEvent));
  }
}
