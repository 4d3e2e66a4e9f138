// The worker behind `resultTable`: converts or reads a big result for its preview away from the page's thread.
import { serveTasks } from '../lib/worker-task';
import { tableOfJob } from './local-preview';

serveTasks(tableOfJob);
