// The worker behind `previewTable`: tabulates a long result text away from the page's thread.
import { tableOfText } from './preview-rows';
import { serveTasks } from './worker-task';

serveTasks(tableOfText);
