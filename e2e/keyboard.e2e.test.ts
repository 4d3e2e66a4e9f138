import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { signedUpSession } from './support/signed-up-session.js';
import { openedForBlock } from './support/steps.js';

const RUN = Date.now().toString(36);
const EMAIL = `e2e-keyboard-${RUN}@example.com`;
const PASSWORD = 'correct horse battery';

const session = openedForBlock(() => signedUpSession({}, EMAIL, PASSWORD));
let page: Page;

/** What the keyboard has focused, and how it is drawn. */
interface Focused {
  tag: string;
  name: string;
  inMain: boolean;
  inHeader: boolean;
  /** The focused element's own outline. */
  outline: { style: string; width: number; color: string };
  /** A text field draws its focus as its outlined border instead: that border, when there is one. */
  fieldBorder: { width: number; color: string } | null;
  /** The colour the ring is drawn against: the first opaque background behind the element. */
  behind: string;
}

async function focused(): Promise<Focused> {
  return page.evaluate(() => {
    const element = document.activeElement as HTMLElement;
    const style = getComputedStyle(element);
    const border = element.closest('.MuiOutlinedInput-root')?.querySelector('.MuiOutlinedInput-notchedOutline');
    const borderStyle = border ? getComputedStyle(border) : null;
    let behind = 'rgb(255, 255, 255)';
    for (let node = element.parentElement; node; node = node.parentElement) {
      const color = getComputedStyle(node).backgroundColor;
      if (color !== 'transparent' && !color.startsWith('rgba(0, 0, 0, 0)')) {
        behind = color;
        break;
      }
    }
    return {
      tag: element.tagName,
      name: (element.getAttribute('aria-label') ?? element.textContent ?? '').trim().slice(0, 40),
      inMain: element.closest('main') !== null && element.tagName !== 'MAIN',
      inHeader: element.closest('header') !== null,
      outline: { style: style.outlineStyle, width: Number.parseFloat(style.outlineWidth), color: style.outlineColor },
      fieldBorder: borderStyle
        ? { width: Number.parseFloat(borderStyle.borderTopWidth), color: borderStyle.borderTopColor }
        : null,
      behind,
    };
  });
}

/** WCAG's contrast ratio of two `rgb(...)` colours. */
function contrast(a: string, b: string): number {
  const luminance = (rgb: string) => {
    const [r, g, bl] = (rgb.match(/[\d.]+/g) ?? []).slice(0, 3).map((channel) => {
      const c = Number(channel) / 255;
      return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
    });
    return 0.2126 * (r ?? 0) + 0.7152 * (g ?? 0) + 0.0722 * (bl ?? 0);
  };
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return ((light ?? 0) + 0.05) / ((dark ?? 0) + 0.05);
}

/**
 * Presses Tab from where focus is until it leaves the page (or `limit` times), checking at each stop that
 * the control shows a ring of 2 px or more and 3:1 or more against what is behind it; answers the
 * controls' names.
 */
async function tabThroughEveryStop(limit = 60): Promise<string[]> {
  const seen: string[] = [];
  for (let stop = 0; stop < limit; stop++) {
    await page.keyboard.press('Tab');
    const control = await focused();
    if (control.tag === 'BODY') break;
    seen.push(control.name);
    if (control.fieldBorder && control.outline.style === 'none') {
      // A text field: its border thickens to 2 px in a colour that stands out as much as a ring.
      expect(control.fieldBorder.width, control.name).toBeGreaterThanOrEqual(2);
      expect(contrast(control.fieldBorder.color, control.behind), control.name).toBeGreaterThanOrEqual(3);
    } else {
      expect(control.outline.style, control.name).not.toBe('none');
      expect(control.outline.width, control.name).toBeGreaterThanOrEqual(2);
      expect(contrast(control.outline.color, control.behind), control.name).toBeGreaterThanOrEqual(3);
    }
  }
  return seen;
}

/** The page at `path` with no session, in the given theme. */
async function openSignedOut(path: string, theme: 'light' | 'dark' = 'light'): Promise<void> {
  ({ page } = await session().browser.newSignedOutPage());
  await page.goto(`${session().server.url}${path}`);
  await page.evaluate((mode) => localStorage.setItem('theme', mode), theme);
  await page.reload();
  await page.getByRole('heading', { level: 1 }).waitFor();
}

describe('the keyboard', () => {
  it('reaches the skip link first from the top of the page; it shows, and moves focus into the page', async () => {
    await openSignedOut('/');
    await page.keyboard.press('Tab');
    const skip = page.getByRole('link', { name: 'Skip to main content' });
    expect(await focused()).toMatchObject({ tag: 'A', name: 'Skip to main content' });
    const box = await skip.boundingBox();
    expect(box && box.y >= 0 && box.y + box.height <= 900).toBe(true);
    await page.keyboard.press('Enter');
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('main-content');
    expect(new URL(page.url()).hash).toBe('');
    // The next stop is the page's first control, not the top bar's.
    await page.keyboard.press('Tab');
    expect(await focused()).toMatchObject({ inMain: true, inHeader: false });
  });

  it('skips a signed-in user past the top bar and the navigation drawer', async () => {
    ({ page } = await session().browser.newPage('/dashboard'));
    await page.getByRole('heading', { level: 1 }).waitFor();
    await page.keyboard.press('Tab');
    expect(await focused()).toMatchObject({ name: 'Skip to main content' });
    await page.keyboard.press('Enter');
    await page.keyboard.press('Tab');
    const first = await focused();
    expect(first.inMain).toBe(true);
    expect(await page.evaluate(() => document.activeElement?.closest('nav, .MuiDrawer-root'))).toBeNull();
  });

  for (const theme of ['light', 'dark'] as const) {
    it(`shows a ring of 3:1 contrast or more on every control of the landing page and the sign-in dialog (${theme} theme)`, async () => {
      await openSignedOut('/', theme);
      const stops = await tabThroughEveryStop();
      expect(stops).toEqual(expect.arrayContaining(['Skip to main content', 'Pricing', 'Sign In', 'Get Started']));
      // A modal dialog keeps focus inside it: a round of its stops is enough.
      await page.getByRole('button', { name: 'Sign In' }).click();
      await page.getByRole('dialog').waitFor();
      const dialog = await tabThroughEveryStop(12);
      expect(dialog).toEqual(expect.arrayContaining(['Show password', 'Forgot password?']));
    });
  }

  it('shows the ring on every control a signed-in user reaches, drawer and bell included, in both themes', async () => {
    ({ page } = await session().browser.newPage('/dashboard'));
    await page.getByRole('heading', { level: 1 }).waitFor();
    for (const theme of ['light', 'dark'] as const) {
      if (theme === 'dark') {
        await page.getByRole('button', { name: 'Switch to dark theme' }).click();
        await page.waitForFunction(() => getComputedStyle(document.body).backgroundColor === 'rgb(15, 18, 23)');
        // The account keeps the theme: a reload starts the stops from the top again, in the dark.
        await page.reload();
        await page.getByRole('heading', { level: 1 }).waitFor();
      }
      const stops = await tabThroughEveryStop();
      expect(stops).toEqual(expect.arrayContaining(['Notifications, none unread', 'Convert', 'Files', 'Sign Out']));
    }
    // Back to the account's light theme, for the tests after this one.
    await page.getByRole('button', { name: 'Switch to light theme' }).click();
    await page.waitForFunction(() => getComputedStyle(document.body).backgroundColor === 'rgb(246, 247, 249)');
  });
});
