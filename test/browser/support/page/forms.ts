/**
 * What a person does in the app's forms and buttons, found by their accessible names: press a
 * button as a person would, fill and submit the login, profile and account forms.
 */
import type { Locator, Page } from 'playwright-core';
import { expect } from 'vitest';

/** How often a person presses again a button that ignored the press. */
const PRESS_ATTEMPTS = 3;

/**
 * The app's buttons are never `disabled`: they ignore presses (`aria-disabled`) while the session
 * is busy or not ready yet. A person waits until the button works, then presses it, and presses
 * again when the session turned busy for a moment just then and the press was ignored: the button
 * records whether it was unavailable when the click reached it, before the app handles it.
 */
export async function press(scope: Page | Locator, name: string): Promise<void> {
  const button = scope.getByRole('button', { name, exact: true });
  for (let attempt = 1; attempt <= PRESS_ATTEMPTS; attempt += 1) {
    await expect.poll(() => button.getAttribute('aria-disabled')).toBeNull();
    // The element itself, not the locator: once pressed, a button may change its name (busy).
    const pressed = await button.elementHandle();
    await pressed.evaluate((element) => {
      element.addEventListener(
        'click',
        () =>
          element.setAttribute(
            'data-press-ignored',
            String(element.getAttribute('aria-disabled') !== null),
          ),
        { capture: true, once: true },
      );
    });
    await button.click();
    // A press that took the page elsewhere (its document gone) was not ignored.
    const ignored = await pressed.getAttribute('data-press-ignored').catch(() => null);
    await pressed.dispose().catch(() => undefined);
    if (ignored !== 'true') return;
  }
  throw new Error(`"${name}" ignored ${PRESS_ATTEMPTS} presses`);
}

/** Fills the login form; `password: null` leaves the password field as it is. */
export async function fillLoginForm(
  page: Page,
  email: string,
  password: string | null,
): Promise<void> {
  await page.getByLabel('Email', { exact: true }).fill(email);
  if (password !== null) await page.getByLabel('Password', { exact: true }).fill(password);
}

/** On /login: fill the form and press "Create account" or "Sign in". */
export async function submitLogin(
  page: Page,
  action: 'Create account' | 'Sign in',
  email: string,
  password: string,
): Promise<void> {
  await fillLoginForm(page, email, password);
  await press(page, action);
}

/**
 * On /profile: reaches the roles list, which loads the chip inputs, and waits for them, so what is
 * filled next goes into them and not into their stand-ins while they arrive.
 */
export async function reachChipInputs(page: Page): Promise<void> {
  await page.getByLabel('Target roles (separate them with commas)').focus();
  await page.getByRole('combobox', { name: /^Target roles/ }).waitFor();
}

/**
 * The profile form says "Saved". When it does not, the failure says what the form showed instead:
 * its alerts (a save that failed or timed out) and whether it was still saving.
 */
export async function expectProfileSaved(page: Page): Promise<void> {
  try {
    await page.getByRole('status').filter({ hasText: 'Saved' }).waitFor();
  } catch (error) {
    const alerts = await page.getByRole('alert').allInnerTexts();
    const saving = await page.getByRole('button', { name: 'Saving…' }).count();
    throw new Error(
      `The profile form never said "Saved": alerts ${JSON.stringify(alerts)}, ${saving > 0 ? 'still saving' : 'not saving'}.`,
      { cause: error },
    );
  }
}

/** On /profile: target roles, a skill, a city and a seniority, saved (and said so). */
export async function saveAlertProfile(page: Page, roles: string): Promise<void> {
  await reachChipInputs(page);
  await page.getByLabel('Target roles (separate them with commas)').fill(roles);
  await page.getByLabel('Skills (separate them with commas)').fill('TypeScript');
  await page.getByLabel('US cities', { exact: false }).fill('Austin, TX');
  await page.getByRole('radio', { name: 'Senior' }).check();
  await press(page, 'Save profile');
  await expectProfileSaved(page);
}

/** The target roles the profile page shows, once it has loaded them. */
export function shownTargetRoles(page: Page): Promise<string> {
  return page.getByLabel('Target roles (separate them with commas)').inputValue();
}

/** On the reset-password view (the e-mailed link): a new password, saved. */
export async function saveNewPassword(page: Page, newPassword: string): Promise<void> {
  await page.getByLabel('New password').fill(newPassword);
  await press(page, 'Save new password');
}

/**
 * On /account: the card named `card` gets its fields filled, in order (label -> value), and its
 * button, named as the card, pressed.
 */
async function submitAccountCard(
  page: Page,
  card: string,
  fields: Record<string, string>,
): Promise<void> {
  // The card's own form (a "Confirm it’s you" group may follow it in the same card).
  const form = page.getByRole('region', { name: card }).locator('form').first();
  for (const [label, value] of Object.entries(fields)) {
    await form.getByLabel(label, { exact: true }).fill(value);
  }
  await press(form, card);
}

/** On /account: the current password, then a new one, for the signed-in user. */
export function changePassword(
  page: Page,
  currentPassword: string,
  newPassword: string,
): Promise<void> {
  return submitAccountCard(page, 'Change password', {
    'Current password': currentPassword,
    'New password': newPassword,
  });
}

/** The "Confirm it’s you" group (the provider wants a recent sign-in). */
export function confirmItsYou(page: Page): Locator {
  return page.getByRole('group', { name: 'Confirm it’s you' });
}

/** Under "Confirm it’s you": the current password, confirmed. */
export async function confirmWithPassword(page: Page, password: string): Promise<void> {
  const group = confirmItsYou(page);
  await group.getByLabel('Current password', { exact: true }).fill(password);
  await press(group, 'Confirm');
}

/** On /account: "Delete account…", then `confirmation` typed in the dialog and "Delete account". */
export async function deleteAccount(page: Page, confirmation = 'DELETE'): Promise<void> {
  const dialog = page.getByRole('dialog', { name: 'Delete your account?' });
  if (!(await dialog.isVisible())) await press(page, 'Delete account…');
  await dialog.getByLabel('Type DELETE to confirm').fill(confirmation);
  await press(dialog, 'Delete account');
}

/** On /login: the Email field filled, then "Email me a sign-in link". */
export async function askForSignInLink(page: Page, email: string): Promise<void> {
  await page.getByLabel('Email', { exact: true }).fill(email);
  await press(page, 'Email me a sign-in link');
}

/** On /account: a new address (and the current password), then "Change email". */
export function changeEmail(page: Page, newEmail: string, currentPassword: string): Promise<void> {
  return submitAccountCard(page, 'Change email', {
    'New email': newEmail,
    'Current password': currentPassword,
  });
}

/** On /account: what a row of the account's details says ("Email", "Email verified"...). */
export function accountDetail(page: Page, term: string): Locator {
  return page
    .locator('.details__row')
    .filter({ has: page.getByText(term, { exact: true }) })
    .locator('dd');
}
