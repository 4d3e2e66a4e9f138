// The worker behind `planPreview`: the table a flattening plan gives, made away from the page's thread.
import { serveTasks } from '../lib/worker-task';
import { previewPlanTask } from './plan-preview';

serveTasks(previewPlanTask);
