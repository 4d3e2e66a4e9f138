// The worker behind `liveConversion`: converts pasted text as it is typed, away from the page's thread.
import { serveTasks } from '../lib/worker-task';
import { convertLive } from './live-conversion';

serveTasks(convertLive);
