import type { AuditService } from '../audit/service.js';
import type { FeatureModule, ModuleContext } from '../platform/module-context.js';
import { announceExpiringFilesJob, purgeExpiredFilesJob } from './jobs.js';
import { FilesRepository } from './repository.js';
import { filesRoutes } from './routes.js';
import { FilesService } from './service.js';
import { FileUploads } from './uploads.js';

/** Stored files: records, downloads, uploads, retention. */
export interface FilesModule extends FeatureModule {
  files: FilesService;
}

export function filesModule(
  context: ModuleContext,
  needs: {
    audit: AuditService;
    /** Bytes the account keeps outside its files (its batches), counted against the same storage. */
    storedElsewhere: (userId: string) => Promise<number>;
  },
): FilesModule {
  const { storage, clock, log, events, inFlight } = context;
  const { audit, storedElsewhere } = needs;
  const files = new FilesService({
    repository: new FilesRepository(context.database.db),
    storage,
    audit,
    clock,
    log,
    storedElsewhere,
  });
  return {
    files,
    jobs: [purgeExpiredFilesJob(files), announceExpiringFilesJob(files, events, clock)],
    routes: () => {
      const uploads = new FileUploads({ files, audit, clock });
      return [filesRoutes(files, uploads, inFlight)];
    },
  };
}
