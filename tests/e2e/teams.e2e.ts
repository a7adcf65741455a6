import { expect, test } from '@playwright/test';
import { createUser, signInThroughApi, type TestUser } from './accounts.ts';
import { createFundraiser, signInOrganiser } from './organisers.ts';
import { latestMails } from './outbox.ts';

/**
 * Teams, end to end: the organiser starts a team and invites two people by e-mail; one accepts
 * from the invitation's link, shares their personal link, a visitor gives through it, and the
 * fundraiser page's leaderboard and the member's own list show the gift.
 */

/** The invitation link in the latest mail to `email`, as a path. */
async function invitationLink(email: string): Promise<string> {
  const mail = (await latestMails(30)).find((m) => m.to === email && /invitation=/.test(m.text));
  expect(mail, `an invitation mail to ${email}`).toBeTruthy();
  const url = /https?:\/\/\S+invitation=[A-Za-z0-9_-]+/.exec(mail!.text)![0];
  const parsed = new URL(url);
  return `${parsed.pathname}${parsed.search}`;
}

test('an organiser starts a team, a member accepts and shares their link, and a gift through it shows on the leaderboard', async ({ page, browser }) => {
  await signInOrganiser(page.request);
  const title = `Dialysis for Almaz ${Date.now()}`;
  const id = await createFundraiser(page.request, { title, currency: 'USD', goalAmount: '6000' });
  const visitor = await browser.newContext();
  const invitee = await browser.newContext();
  const meron: TestUser = await createUser(invitee.request);
  const dawit: TestUser = await createUser(visitor.request);

  // The organiser starts a team from the fundraiser's page.
  await page.goto(`/fundraiser/${id}`);
  const teams = page.getByTestId('fundraiser-teams');
  await expect(teams.getByText('No teams yet.')).toBeVisible();
  await teams.getByRole('link', { name: 'Start a team' }).click();
  await expect(page).toHaveURL(`/fundraiser/${id}/team`);
  const start = page.getByRole('form', { name: 'Start a team' });
  await start.getByLabel('Team name').fill('Cousins in Toronto');
  await start.getByLabel('Team goal in USD (optional)').fill('1,500');
  await start.getByRole('button', { name: 'Start team' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Your team is ready.' })).toBeVisible();
  const team = page.getByTestId('team').filter({ hasText: 'Cousins in Toronto' });
  await expect(team.getByText('$0 raised of $1,500')).toBeVisible();

  // Two invitations by e-mail: nobody is a member until they say yes.
  for (const person of [meron, dawit]) {
    await team.getByLabel('E-mail address').fill(person.email);
    await team.getByRole('button', { name: 'Send invitation' }).click();
    await expect(page.getByRole('status').filter({ hasText: `Invitation sent to ${person.email}.` })).toBeVisible();
  }
  await expect(team.getByTestId('team-invitations').getByRole('listitem')).toHaveCount(2);
  await expect(team.getByTestId('team-members').getByRole('listitem')).toHaveCount(1);

  // Meron opens her invitation signed out: she sees what it is, and signs in to accept.
  const meronPage = await invitee.newPage();
  const link = await invitationLink(meron.email);
  await meronPage.goto(link);
  const card = meronPage.getByTestId('team-invitation');
  await expect(card).toContainText('invites you to join “Cousins in Toronto”');
  await expect(card).toContainText(`This invitation is for ${meron.email}.`);
  await expect(card.getByRole('link', { name: 'Sign in to accept' })).toBeVisible();
  await signInThroughApi(meronPage, meron);
  await meronPage.reload();
  await card.getByRole('button', { name: 'Accept invitation' }).click();
  await expect(meronPage.getByRole('status').filter({ hasText: 'You joined the team!' })).toBeVisible();
  await expect(meronPage).toHaveURL(`/fundraiser/${id}/team`);
  const mine = meronPage.getByTestId('my-team');
  await expect(mine.getByRole('link', { name: /^Telegram/ })).toBeVisible();
  const personal = await mine.getByTestId('referral-link').inputValue();
  expect(personal).toMatch(new RegExp(`/fundraiser/${id}\\?ref=[A-Za-z0-9_-]{12,}$`));
  await expect(mine.getByText('No donations through your link yet.', { exact: false })).toBeVisible();

  // A visitor follows Meron's link and gives: the Donate button carries her code to the checkout.
  const giver = await browser.newPage();
  const shared = new URL(personal);
  await giver.goto(`${shared.pathname}${shared.search}`);
  await giver.getByRole('link', { name: 'Donate now' }).first().click();
  await expect(giver).toHaveURL(new RegExp(`/donate/${id}\\?ref=`));
  const form = giver.getByTestId('donate-form');
  await form.getByRole('radio', { name: '$50', exact: true }).check();
  await form.getByLabel('Your name').fill('Kidist A.');
  await form.getByLabel('E-mail address').fill('kidist@example.com');
  await form.getByLabel('Show the amount I give on the fundraiser page').check();
  await form.getByRole('button', { name: 'Continue to payment' }).click();
  await expect(giver).toHaveURL(/\/donation\/sandbox\?payment=sandbox_stripe_/);
  await giver.getByRole('button', { name: 'Pay (succeeds)' }).click();
  await expect(giver.getByRole('heading', { level: 1, name: 'Thank you for your donation!' })).toBeVisible();

  // The fundraiser page, as anybody sees it: the team's progress and Meron on its leaderboard.
  const anyone = await browser.newPage();
  await anyone.goto(`/fundraiser/${id}`);
  const board = anyone.getByTestId('fundraiser-teams');
  await expect(board.getByRole('heading', { name: 'Cousins in Toronto' })).toBeVisible();
  await expect(board).toContainText('$50 raised of $1,500 team goal');
  const leader = board.getByTestId('team-leaders').getByRole('listitem').first();
  await expect(leader).toContainText(`${meron.firstName} ${meron.lastName}`);
  await expect(leader).toContainText('$50');
  await expect(board).not.toContainText(meron.email);

  // Meron sees the gift among her own donors; the organiser sees her credited.
  await meronPage.reload();
  await expect(mine.getByTestId('my-donors')).toContainText('Kidist A.');
  await expect(mine).toContainText('You raised $50');
  await page.reload();
  await expect(team.getByTestId('team-members').getByRole('listitem').first()).toContainText(`${meron.firstName} ${meron.lastName}`);
  await expect(team.getByTestId('team-invitations').getByRole('listitem')).toHaveCount(1);
  await Promise.all([visitor.close(), invitee.close(), giver.close(), anyone.close()]);
});

test('a stranger cannot accept someone else’s invitation, and a used link says so', async ({ page, browser }) => {
  await signInOrganiser(page.request);
  const id = await createFundraiser(page.request, { title: `Roof for Lalibela ${Date.now()}`, currency: 'ETB' });
  await page.goto(`/am/fundraiser/${id}/team`);
  const start = page.getByRole('form', { name: 'ቡድን ይጀምሩ' });
  await start.getByLabel('የቡድኑ ስም').fill('የላሊበላ መዘምራን');
  await start.getByRole('button', { name: 'ቡድኑን ጀምር' }).click();
  const invited = await browser.newContext();
  const person = await createUser(invited.request);
  const team = page.getByTestId('team');
  await team.getByLabel('የኢሜይል አድራሻ').fill(person.email);
  await team.getByRole('button', { name: 'ግብዣ ላክ' }).click();
  await expect(team.getByTestId('team-invitations')).toContainText(person.email);
  // In the invitee's own language (English, their account's), whatever page the captain used.
  const link = await invitationLink(person.email);
  expect(link).toMatch(/^\/fundraiser\//);

  const stranger = await browser.newContext();
  const strangerPage = await stranger.newPage();
  await signInThroughApi(strangerPage, await createUser(stranger.request));
  await strangerPage.goto(link);
  await expect(strangerPage.getByTestId('team-invitation')).toContainText('but this invitation is for another address');
  await expect(strangerPage.getByRole('button', { name: 'Accept invitation' })).toHaveCount(0);

  const invitedPage = await invited.newPage();
  await signInThroughApi(invitedPage, person);
  await invitedPage.goto(link);
  await invitedPage.getByRole('button', { name: 'Accept invitation' }).click();
  await expect(invitedPage.getByTestId('my-team')).toBeVisible();
  await invitedPage.goto(link);
  await expect(invitedPage.getByRole('alert')).toContainText('This invitation can no longer be used');
  await Promise.all([invited.close(), stranger.close()]);
});
