import type { UserSettings } from '@unnest/contracts';
import { useEffect, useReducer } from 'react';
import { useSettings } from '../lib/api/get-settings';
import { useUpdateSettings } from '../lib/api/update-settings';
import { useThemeMode } from '../lib/theme/theme-mode';
import {
  INITIAL_SETTINGS_FORM,
  type SettingsFormEvent,
  settingsFormReducer,
  unsavedFields,
} from './settings-form-state';
import { useLeaveGuard } from './use-leave-guard';

/** How long 'Settings saved successfully!' stays (spec section 4). */
const SAVED_NOTICE_MS = 3000;

/**
 * The settings page's form over the pure reducer of `settings-form-state.ts`, loaded and saved through the API;
 * leaving it with unsaved changes asks first.
 */
export function useSettingsForm() {
  const settings = useSettings();
  const save = useUpdateSettings();
  const { preference, setPreference } = useThemeMode();
  const [state, dispatch] = useReducer(settingsFormReducer, INITIAL_SETTINGS_FORM);

  useEffect(() => {
    if (settings.data) dispatch({ type: 'settingsLoaded', settings: settings.data });
  }, [settings.data]);

  useEffect(() => {
    if (!state.saved) return;
    const timer = setTimeout(() => dispatch({ type: 'savedNoticeExpired' }), SAVED_NOTICE_MS);
    return () => clearTimeout(timer);
  }, [state.saved]);

  function set<Key extends keyof UserSettings>(key: Key, value: UserSettings[Key]) {
    // A generic key and its value are one member of SettingsFieldChange; TypeScript cannot see it.
    dispatch({ type: 'fieldChanged', key, value } as SettingsFormEvent);
  }

  function submit() {
    // The theme is saved when it is picked (here or in the top bar); this saves the rest as the form
    // holds it, with the theme as it is now.
    const sent = { ...state.form, theme: preference };
    save.mutate(sent, { onSuccess: () => dispatch({ type: 'saved', settings: sent }) });
  }

  const unsaved = unsavedFields(state);
  // Deleting the account leaves the page for good: nothing left to ask about.
  const leaving = useLeaveGuard(unsaved.length > 0 && !state.deleting);

  return {
    settings,
    unsaved,
    leaving,
    discard: () => dispatch({ type: 'changesDiscarded' }),
    save,
    state,
    preference,
    setPreference,
    set,
    submit,
    openDelete: () => dispatch({ type: 'deleteOpened' }),
    closeDelete: () => dispatch({ type: 'deleteClosed' }),
  };
}
