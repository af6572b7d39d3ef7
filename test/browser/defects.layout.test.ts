import { describe, expect, it } from 'vitest';
import { NOTICE_CATALOGUE } from '../../src/machines/session/noticeCatalogue';
import { BLOG_POSTS } from '../../src/routes/blog/blogPosts';
import { blogPostPath } from '../../src/routes/blog/blogPost';
import { createAccount } from '../support/emulatorAuth';
import { expectNoSidewaysScroll, longestEmail, NARROW_VIEWPORT } from './support/narrowLayout';
import { useRawBrowser, type RawTab } from './support/rawTabs';
import { waitForQuietNetwork } from './support/pageDriver';

const PASSWORD = 'long-Address-1';

async function settled(tab: RawTab, kind: 'guest' | 'registered'): Promise<void> {
  await tab.page.locator(`header a.account-link[data-session-kind="${kind}"]`).waitFor();
  await tab.page.locator('main h1').first().waitFor();
  await waitForQuietNetwork(tab.page);
}

/** Every page's plain state is checked at 320 px with its accessibility (accessibility.test.ts). */
describe('issue 9 #5: what a page shows after an action does not scroll sideways at 320 px', () => {
  const browser = useRawBrowser();

  it('as a guest, with a 254-character address typed into the login form', async () => {
    const email = longestEmail();
    const tab = await browser.open('/login', { viewport: NARROW_VIEWPORT });
    await settled(tab, 'guest');
    await tab.page.getByLabel('Email', { exact: true }).fill(email);
    await tab.page
      .getByRole('button', { name: 'Create account' })
      .and(tab.page.locator(':not([aria-disabled])'))
      .click();
    await tab.page.getByText('Choose a password.').waitFor();
    await expectNoSidewaysScroll(tab.page, '/login with an error');

    // The e-mailed links' pages, with what they say when a link fails.
    for (const [query, says] of [
      [`mode=signIn&oobCode=${'x'.repeat(54)}&apiKey=demo-api-key`, 'Email'],
      [`mode=verifyEmail&oobCode=${'x'.repeat(54)}`, 'Continue'],
      ['mode=recoverEmail', /^This link is incomplete/],
    ] as const) {
      await tab.page.goto(`${browser.appUrl}/login?${query}`);
      await settled(tab, 'guest');
      await tab.page.getByText(says, { exact: true }).first().waitFor();
      await expectNoSidewaysScroll(tab.page, `/login?${query}`);
    }
  });

  it('as a registered user with a 254-character address, in the account dialogs', async () => {
    const email = longestEmail();
    await createAccount(email, PASSWORD);
    const tab = await browser.open('/login', { viewport: NARROW_VIEWPORT });
    const { page } = tab;
    await settled(tab, 'guest');
    await page.getByLabel('Email', { exact: true }).fill(email);
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page
      .getByRole('button', { name: 'Sign in' })
      .and(page.locator(':not([aria-disabled])'))
      .click();
    await page.waitForURL(`${browser.appUrl}/account`);
    await page.getByText(email, { exact: true }).first().waitFor();
    await settled(tab, 'registered');
    await expectNoSidewaysScroll(page, '/account');
    await page
      .getByRole('button', { name: 'Send password reset email' })
      .and(page.locator(':not([aria-disabled])'))
      .click();
    await page.getByText(NOTICE_CATALOGUE['password-reset-sent']).waitFor();
    await expectNoSidewaysScroll(page, '/account after the reset e-mail');
    await page
      .getByRole('button', { name: 'Send verification email' })
      .and(page.locator(':not([aria-disabled])'))
      .click();
    await page.getByText(/You can send another in \d+ s/).waitFor();
    await expectNoSidewaysScroll(page, '/account waiting to send another verification e-mail');
    const changeEmail = page.getByRole('region', { name: 'Change email' });
    await changeEmail.getByLabel('New email', { exact: true }).fill(longestEmail());
    await changeEmail.getByRole('button', { name: 'Change email' }).click();
    await changeEmail.getByRole('alert').waitFor();
    await expectNoSidewaysScroll(page, '/account with a change-email error');
    await page.getByRole('button', { name: 'Delete account…' }).click();
    await page.getByRole('dialog').waitFor();
    await expectNoSidewaysScroll(page, '/account with the delete dialog');
  });
});

describe('issue 26 #7: an e-mail address wraps after its @ or before a dot, not mid-word', () => {
  const browser = useRawBrowser();

  it('in the delete dialog at 320 px', async () => {
    const email = `alexandra.montgomery.${Date.now().toString(36)}@engineering.examplecompany.com`;
    await createAccount(email, PASSWORD);
    const tab = await browser.open('/login', { viewport: NARROW_VIEWPORT });
    const { page } = tab;
    await settled(tab, 'guest');
    await page.getByLabel('Email', { exact: true }).fill(email);
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page
      .getByRole('button', { name: 'Sign in' })
      .and(page.locator(':not([aria-disabled])'))
      .click();
    await page.waitForURL(`${browser.appUrl}/account`);
    await settled(tab, 'registered');
    await page.getByRole('button', { name: 'Delete account…' }).click();
    const address = page.getByRole('dialog').locator('.email-address');
    await expect(address.textContent()).resolves.toBe(email);
    // The index of each character that starts a new line, and those a line may start at.
    const { lineStarts, allowed } = await address.evaluate((span) => {
      const text = span.textContent ?? '';
      const walker = document.createTreeWalker(span, NodeFilter.SHOW_TEXT);
      const tops: number[] = [];
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const data = (node as Text).data;
        for (let index = 0; index < data.length; index += 1) {
          const range = document.createRange();
          range.setStart(node, index);
          range.setEnd(node, index + 1);
          tops.push(Math.round(range.getBoundingClientRect().top));
        }
      }
      const starts = tops.flatMap((top, index) =>
        index > 0 && top > tops[index - 1]! ? [index] : [],
      );
      const breaks = [...text].flatMap((char, index) =>
        text[index - 1] === '@' || char === '.' ? [index] : [],
      );
      return { lineStarts: starts, allowed: breaks };
    });
    expect(lineStarts.length).toBeGreaterThan(0);
    expect(lineStarts.filter((index) => !allowed.includes(index))).toEqual([]);
  });
});

describe('issue 9 #15: the blog byline keeps each "·" with the item after it', () => {
  const browser = useRawBrowser();

  it.each([1280, 375, 320])('at %i px, no "·" ends a line', async (width) => {
    const tab = await browser.open(null, { viewport: { width, height: 800 } });
    for (const post of BLOG_POSTS) {
      await tab.page.goto(`${browser.appUrl}${blogPostPath(post)}`);
      const byline = tab.page.locator('main .meta-line').first();
      await byline.waitFor();
      const separators = await byline.evaluate((line) => {
        const walker = document.createTreeWalker(line, NodeFilter.SHOW_TEXT);
        const glyphs: Array<{ separatorTop: number; nextTop: number | null }> = [];
        const textNodes: Text[] = [];
        for (let node = walker.nextNode(); node; node = walker.nextNode())
          textNodes.push(node as Text);
        const boxOf = (node: Text, index: number) => {
          const range = document.createRange();
          range.setStart(node, index);
          range.setEnd(node, index + 1);
          return range.getBoundingClientRect();
        };
        textNodes.forEach((node, nodeIndex) => {
          const text = node.data;
          for (let index = 0; index < text.length; index += 1) {
            if (text[index] !== '·') continue;
            // The first visible character after the separator, in this node or the following ones.
            let nextTop: number | null = null;
            const rest = [
              { node, from: index + 1 },
              ...textNodes.slice(nodeIndex + 1).map((each) => ({ node: each, from: 0 })),
            ];
            search: for (const { node: candidate, from } of rest) {
              for (let at = from; at < candidate.data.length; at += 1) {
                if (candidate.data[at]?.trim()) {
                  nextTop = boxOf(candidate, at).top;
                  break search;
                }
              }
            }
            glyphs.push({ separatorTop: boxOf(node, index).top, nextTop });
          }
        });
        return { glyphs, items: line.children.length };
      });
      // One separator between each two items of the byline, each on the line of what follows it.
      expect(separators.glyphs).toHaveLength(separators.items - 1);
      expect(separators.items).toBeGreaterThan(1);
      for (const { separatorTop, nextTop } of separators.glyphs) {
        expect(nextTop).not.toBeNull();
        expect(Math.abs(separatorTop - (nextTop ?? Infinity))).toBeLessThan(4);
      }
    }
  });
});
