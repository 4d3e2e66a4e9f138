// What the API keys feature offers the rest of the app (the settings page and the dashboard).

export { ApiKeysPanel } from './api-keys-panel';
export { ApiUsageSummary } from './api-usage-summary';
