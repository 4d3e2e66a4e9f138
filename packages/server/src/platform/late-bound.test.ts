import { describe, expect, it } from 'vitest';
import { LateBound } from './late-bound.js';

describe('LateBound', () => {
  it('gives the value once bound', () => {
    const profile = new LateBound<{ name: string }>('the profile service');
    const value = { name: 'profile' };
    profile.bind(value);
    expect(profile.get()).toBe(value);
  });

  it('names what is used before it is built, and refuses a second binding', () => {
    const profile = new LateBound<{ name: string }>('the profile service');
    expect(() => profile.get()).toThrow('the profile service is used before it is built');
    profile.bind({ name: 'first' });
    expect(() => profile.bind({ name: 'second' })).toThrow('the profile service is bound twice');
  });
});
