import { test as setup } from '@playwright/test';
import { saveSignedIn, signInWithForm, USERS, type Role } from './helpers';

// Runs before every spec (the `setup` project of playwright.config.ts): each demo user signs in
// once through the sign-in page of their face, and the browser's state is kept for `signIn`
// (e2e/helpers.ts) and for `storageStateOf`. The server's sessions are real ones: a spec that
// ends one (signing out, a password change) uses a session of its own (`signInWithForm`).

for (const role of Object.keys(USERS) as Role[]) {
  setup(`sign in as the demo ${role}`, async ({ page }) => {
    await signInWithForm(page, USERS[role].email);
    await saveSignedIn(page, role);
  });
}
