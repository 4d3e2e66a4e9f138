// What the API keys feature offers the rest of the app (the settings page and the dashboard).
export { ApiCallsUsage } from './api-calls-card';
export { ApiKeysPanel } from './api-keys-panel';
