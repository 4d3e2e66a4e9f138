import { ApiKeysPanel } from '../../api-keys';
import { ManageSubscription } from '../../payments';
import SettingsPage from '../../settings/settings-page';
import { WebhooksSection } from '../../webhooks';

/** /settings: the settings page with the subscription, API keys and webhooks panels of their features. */
export default function SettingsRoute() {
  return (
    <SettingsPage
      panels={{ subscription: <ManageSubscription />, apiKeys: <ApiKeysPanel />, webhooks: <WebhooksSection /> }}
    />
  );
}
