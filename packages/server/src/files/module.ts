import type { AuditService } from '../audit/service.js';
import type { LateBound } from '../platform/late-bound.js';
import type { FeatureModule, ModuleContext } from '../platform/module-context.js';
import { announceExpiringFilesJob, purgeExpiredFilesJob } from './jobs.js';
import { FilesRepository } from './repository.js';
import { filesRoutes } from './routes.js';
import { FilesService } from './service.js';
import { FileUploads, type UploaderAccount } from './uploads.js';

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
    /**
     * Plans and the profile read files themselves; uploads read them back only per request, through the
     * little of them `UploaderAccount` names (so files imports neither: no folder cycle).
     */
    plans: LateBound<UploaderAccount['plans']>;
    profile: LateBound<UploaderAccount['profile']>;
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
      const uploads = new FileUploads({ files, plans: needs.plans.get(), profile: needs.profile.get(), audit, clock });
      return [filesRoutes(files, uploads, inFlight)];
    },
  };
}
