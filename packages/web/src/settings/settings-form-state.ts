import { DEFAULT_SETTINGS, type UserSettings } from '@unnest/contracts';

/** One field of the settings form and its new value. */
export type SettingsFieldChange = {
  [Key in keyof UserSettings]: { key: Key; value: UserSettings[Key] };
}[keyof UserSettings];

/**
 * The settings page: the form, the settings as last loaded or saved (what leaving would keep), whether it started
 * from the saved settings, the saved notice, the delete dialog.
 */
export interface SettingsFormState {
  form: UserSettings;
  stored: UserSettings;
  loaded: boolean;
  saved: boolean;
  deleting: boolean;
}

export type SettingsFormEvent =
  | { type: 'settingsLoaded'; settings: UserSettings }
  | ({ type: 'fieldChanged' } & SettingsFieldChange)
  /** The server kept `settings` (the form as it was sent). */
  | { type: 'saved'; settings: UserSettings }
  | { type: 'changesDiscarded' }
  | { type: 'savedNoticeExpired' }
  | { type: 'deleteOpened' }
  | { type: 'deleteClosed' };

export const INITIAL_SETTINGS_FORM: SettingsFormState = {
  form: DEFAULT_SETTINGS,
  stored: DEFAULT_SETTINGS,
  loaded: false,
  saved: false,
  deleting: false,
};

/** The settings page's state after one event (pure: tested without the DOM). */
export function settingsFormReducer(state: SettingsFormState, event: SettingsFormEvent): SettingsFormState {
  switch (event.type) {
    case 'settingsLoaded':
      // The form starts from the saved settings once; later changes to them (the theme switched in the
      // top bar) must not wipe what the user is editing.
      return state.loaded ? state : { ...state, form: event.settings, stored: event.settings, loaded: true };
    case 'fieldChanged':
      return { ...state, saved: false, form: { ...state.form, [event.key]: event.value } };
    case 'saved':
      return { ...state, saved: true, stored: event.settings };
    case 'changesDiscarded':
      return { ...state, form: state.stored };
    case 'savedNoticeExpired':
      return { ...state, saved: false };
    case 'deleteOpened':
      return { ...state, deleting: true };
    case 'deleteClosed':
      return { ...state, deleting: false };
  }
}

/**
 * The fields changed since the settings were loaded or saved: what Save would keep and leaving would lose. The
 * theme is never among them: it is saved the moment it is picked.
 */
export function unsavedFields(state: SettingsFormState): (keyof UserSettings)[] {
  const keys = Object.keys(state.form) as (keyof UserSettings)[];
  return keys.filter((key) => key !== 'theme' && state.form[key] !== state.stored[key]);
}
