import { DEFAULT_SETTINGS, type UserSettings } from '@unnest/contracts';
import { describe, expect, it } from 'vitest';
import { INITIAL_SETTINGS_FORM, settingsFormReducer, unsavedFields } from './settings-form-state';

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
    const noticed = settingsFormReducer(INITIAL_SETTINGS_FORM, { type: 'saved', settings: DEFAULT_SETTINGS });
    expect(noticed.saved).toBe(true);
    const edited = settingsFormReducer(noticed, { type: 'fieldChanged', key: 'include_bom', value: true });
    expect(edited.saved).toBe(false);
    expect(edited.form).toEqual({ ...DEFAULT_SETTINGS, include_bom: true });
  });

  it('hides the saved notice when it expires', () => {
    const noticed = settingsFormReducer(INITIAL_SETTINGS_FORM, { type: 'saved', settings: DEFAULT_SETTINGS });
    expect(settingsFormReducer(noticed, { type: 'savedNoticeExpired' }).saved).toBe(false);
  });

  it('opens and closes the delete-account dialog', () => {
    const open = settingsFormReducer(INITIAL_SETTINGS_FORM, { type: 'deleteOpened' });
    expect(open.deleting).toBe(true);
    expect(settingsFormReducer(open, { type: 'deleteClosed' }).deleting).toBe(false);
  });

  it('counts the fields changed since loading, until they are saved', () => {
    const loaded = settingsFormReducer(INITIAL_SETTINGS_FORM, { type: 'settingsLoaded', settings: saved });
    expect(unsavedFields(loaded)).toEqual([]);
    const edited = settingsFormReducer(
      settingsFormReducer(loaded, { type: 'fieldChanged', key: 'delimiter', value: 'tab' }),
      { type: 'fieldChanged', key: 'auto_delete_days', value: 90 },
    );
    expect(unsavedFields(edited)).toEqual(['auto_delete_days', 'delimiter']);
    // Changed back by hand: nothing left to save.
    const undone = settingsFormReducer(edited, { type: 'fieldChanged', key: 'auto_delete_days', value: 7 });
    expect(unsavedFields(undone)).toEqual(['delimiter']);
    const kept = settingsFormReducer(undone, { type: 'saved', settings: undone.form });
    expect(unsavedFields(kept)).toEqual([]);
    expect(kept.stored.delimiter).toBe('tab');
  });

  it('never counts the theme, which is saved when picked', () => {
    const loaded = settingsFormReducer(INITIAL_SETTINGS_FORM, { type: 'settingsLoaded', settings: saved });
    expect(unsavedFields(settingsFormReducer(loaded, { type: 'fieldChanged', key: 'theme', value: 'light' }))).toEqual(
      [],
    );
  });

  it('discards the changes: the form goes back to the settings as last saved', () => {
    const loaded = settingsFormReducer(INITIAL_SETTINGS_FORM, { type: 'settingsLoaded', settings: saved });
    const edited = settingsFormReducer(loaded, { type: 'fieldChanged', key: 'excel_safe', value: false });
    const discarded = settingsFormReducer(edited, { type: 'changesDiscarded' });
    expect(discarded.form).toEqual(saved);
    expect(unsavedFields(discarded)).toEqual([]);
  });
});
