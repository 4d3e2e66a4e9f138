// The worker behind `convertInBrowser`: the engine runs here, so converting as you type never holds up the page.
import { serveTasks } from '../lib/worker-task';
import { quickConversion } from './quick-conversion';

serveTasks(quickConversion);
