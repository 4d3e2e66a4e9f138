// The worker behind `jsonNoticesOf`: converts long pasted JSON for its notices away from the page's thread.
import { serveTasks } from '../lib/worker-task';
import { localJsonNotices } from './local-preview';

serveTasks(localJsonNotices);
