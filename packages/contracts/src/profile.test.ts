import { Value } from 'typebox/value';
import { describe, expect, it } from 'vitest';
import { isPlanId, PLAN_IDS } from './plans.js';
import { AUTO_DELETE_DAYS, DEFAULT_SETTINGS, ProfileUpdate, UserSettings, UserSettingsUpdate } from './profile.js';

describe('user settings', () => {
  it('start from defaults that are valid settings', () => {
    expect(Value.Check(UserSettings, DEFAULT_SETTINGS)).toBe(true);
  });

  it('accept any subset as an update, and only known fields with allowed values', () => {
    expect(Value.Check(UserSettingsUpdate, {})).toBe(true);
    expect(Value.Check(UserSettingsUpdate, { theme: 'dark', delimiter: ';' })).toBe(true);
    for (const auto_delete_days of AUTO_DELETE_DAYS)
      expect(Value.Check(UserSettingsUpdate, { auto_delete_days })).toBe(true);
    expect(Value.Check(UserSettingsUpdate, { auto_delete_days: 14 })).toBe(false);
    expect(Value.Check(UserSettingsUpdate, { theme: 'blue' })).toBe(false);
    expect(Value.Check(UserSettingsUpdate, { default_format: 'tsv' })).toBe(false);
    expect(Value.Check(UserSettingsUpdate, { language: 'fr' })).toBe(false);
  });
});

describe('profile update', () => {
  it('takes a name up to 120 characters, or null to clear it', () => {
    expect(Value.Check(ProfileUpdate, { name: 'Ada' })).toBe(true);
    expect(Value.Check(ProfileUpdate, { name: null })).toBe(true);
    expect(Value.Check(ProfileUpdate, { name: 'x'.repeat(121) })).toBe(false);
    expect(Value.Check(ProfileUpdate, { name: 'Ada', email: 'x@y.z' })).toBe(false);
  });
});

describe('isPlanId', () => {
  it('knows the plans and nothing else', () => {
    for (const id of PLAN_IDS) expect(isPlanId(id)).toBe(true);
    for (const other of ['', 'Free', 'premium', 'enterprise ']) expect(isPlanId(other)).toBe(false);
  });
});
