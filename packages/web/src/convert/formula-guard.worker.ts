// The worker behind `formulaGuardOf`: runs long pasted JSON through the guard away from the page's thread.
import { serveTasks } from '../lib/worker-task';
import { localFormulaGuard } from './local-preview';

serveTasks(localFormulaGuard);
