export { FlattenPlanPanel } from './flatten-plan-panel';
export { planFieldText } from './plan-editing';
