import type { FastifyPluginAsync } from 'fastify';
import type { Config } from '../config.js';
import type { DatabaseHandle } from '../db/database.js';
import type { Clock } from './clock.js';
import type { ConversionPool } from './conversion-pool.js';
import type { DomainEvents } from './domain-events.js';
import type { InFlightConversions } from './in-flight.js';
import type { JobDefinition, JobQueue } from './jobs.js';
import type { Logger } from './logger.js';
import type { Mailer } from './mail.js';
import type { RateLimiter } from './rate-limiter.js';
import type { StorageDriver } from './storage/storage-driver.js';

/**
 * What every feature module is built from: the process's shared pieces, none of them a feature. The
 * services of other features a module needs are passed to it by name, next to this context.
 */
export interface ModuleContext {
  config: Config;
  database: DatabaseHandle;
  clock: Clock;
  log: Logger;
  storage: StorageDriver;
  /** What happened, for the features that react to it. */
  events: DomainEvents;
  /** Created before the services, which enqueue through it; started last (nothing is sent before). */
  queue: JobQueue;
  mailer: Mailer;
  limiter: RateLimiter;
  /** The install's signing secret; features derive their own keys from it, never use it as it is. */
  jwtSecret: Uint8Array;
  /** The worker threads that run the engine. */
  conversionPool: ConversionPool;
  /** The conversions running in this process, drained on shutdown. */
  inFlight: InFlightConversions;
}

/** What a feature adds besides its services: its background jobs and its HTTP routes. */
export interface FeatureModule {
  jobs: JobDefinition[];
  /** Built only when an HTTP app registers them (the worker and admin modes build none). */
  routes(): FastifyPluginAsync[];
}
