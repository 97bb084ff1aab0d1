import { expect, test } from './support/fixtures';
import { MESSAGES } from '@tessera/contracts';
import { createUser, PASSWORD, uniqueEmail } from './support/helpers';
import { LoginPage } from './support/pages';

/**
 * Each sign-in and sign-up error shows the spec's exact text. The whole suite stays far below the
 * server's 30 sign-in attempts per address per minute.
 */
async function signUp(login: LoginPage, email: string, password: string) {
  await login.goto('?view=signup');
  await login.signUp({ email, password });
}

test('a wrong password or an unknown user: "Invalid email or password"', async ({ page, request }) => {
  const login = new LoginPage(page);
  const user = await createUser(request, { tag: 'wrongpw' });
  await login.goto();
  expect(await login.signIn(user.email, 'not-the-password-1')).toBe(401);
  await expect(login.alert).toHaveText(MESSAGES.login.invalidCredentials);

  expect(await login.signIn(uniqueEmail('nobody'), PASSWORD)).toBe(401);
  await expect(login.alert).toHaveText(MESSAGES.login.invalidCredentials);
});

test('the right password signs in and goes to redirectTo', async ({ page, request }) => {
  const login = new LoginPage(page);
  const user = await createUser(request, { tag: 'signin' });
  await login.goto('?redirectTo=%2Fsettings');
  expect(await login.signIn(user.email, user.password)).toBe(200);
  await expect(page).toHaveURL(/\/settings$/);
  await expect(page.getByTestId('settings-email')).toHaveText(user.email);
});

test('five failures for one email: "Too many login attempts, try again later"', async ({ page, request }) => {
  const login = new LoginPage(page);
  const user = await createUser(request, { tag: 'locked' });
  await login.goto();
  for (let i = 0; i < 5; i++) {
    expect(await login.signIn(user.email, `wrong-password-${i}`)).toBe(401);
    await expect(login.alert).toHaveText(MESSAGES.login.invalidCredentials);
  }
  // Even the right password is refused while the email is locked.
  expect(await login.signIn(user.email, user.password)).toBe(429);
  await expect(login.alert).toHaveText(MESSAGES.login.tooManyAttempts);
});

test('sign-up with a weak password: "This password is too weak"', async ({ page }) => {
  const login = new LoginPage(page);
  await signUp(login, uniqueEmail('weak'), 'password');
  await expect(login.alert).toHaveText(MESSAGES.signUp.weakPassword);
  await expect(login.password).toHaveAttribute('aria-invalid', 'true');
});

test('sign-up with a used email: "This email is already in use, try logging in"', async ({ page, request }) => {
  const login = new LoginPage(page);
  const user = await createUser(request, { tag: 'taken', verified: false });
  await signUp(login, user.email, PASSWORD);
  await expect(login.alert).toHaveText(MESSAGES.signUp.emailInUse);
});

test('sign-up with an invalid email: "This email is invalid"', async ({ page }) => {
  const login = new LoginPage(page);
  await signUp(login, 'not-an-email', PASSWORD);
  await expect(login.alert).toHaveText(MESSAGES.signUp.invalidEmail);
  await expect(login.email).toHaveAttribute('aria-invalid', 'true');
});
