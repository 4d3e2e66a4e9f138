import { DEFAULT_SETTINGS, type UserSettings } from '@unnest/contracts';
import { describe, expect, it } from 'vitest';
import { INITIAL_SETTINGS_FORM, settingsFormReducer } from './settings-form-state';

const saved: UserSettings = { ...DEFAULT_SETTINGS, delimiter: ';', auto_delete_days: 7, theme: 'dark' };

describe('the settings form', () => {
  it('shows the defaults until the saved settings arrive, then starts from them', () => {
    expect(INITIAL_SETTINGS_FORM.form).toEqual(DEFAULT_SETTINGS);
    const loaded = settingsFormReducer(INITIAL_SETTINGS_FORM, { type: 'settingsLoaded', settings: saved });
    expect(loaded).toMatchObject({ form: saved, loaded: true });
  });

  it('keeps what the user is editing when the saved settings change again (the theme switched in the top bar)', () => {
    const loaded = settingsFormReducer(INITIAL_SETTINGS_FORM, { type: 'settingsLoaded', settings: saved });
    const edited = settingsFormReducer(loaded, { type: 'fieldChanged', key: 'delimiter', value: 'tab' });
    const reloaded = settingsFormReducer(edited, { type: 'settingsLoaded', settings: { ...saved, theme: 'light' } });
    expect(reloaded).toBe(edited);
    expect(reloaded.form.delimiter).toBe('tab');
  });

  it('changes one field and hides the saved notice', () => {
    const noticed = settingsFormReducer(INITIAL_SETTINGS_FORM, { type: 'saved' });
    expect(noticed.saved).toBe(true);
    const edited = settingsFormReducer(noticed, { type: 'fieldChanged', key: 'include_bom', value: true });
    expect(edited.saved).toBe(false);
    expect(edited.form).toEqual({ ...DEFAULT_SETTINGS, include_bom: true });
  });

  it('hides the saved notice when it expires', () => {
    const noticed = settingsFormReducer(INITIAL_SETTINGS_FORM, { type: 'saved' });
    expect(settingsFormReducer(noticed, { type: 'savedNoticeExpired' }).saved).toBe(false);
  });

  it('opens and closes the delete-account dialog', () => {
    const open = settingsFormReducer(INITIAL_SETTINGS_FORM, { type: 'deleteOpened' });
    expect(open.deleting).toBe(true);
    expect(settingsFormReducer(open, { type: 'deleteClosed' }).deleting).toBe(false);
  });
});
