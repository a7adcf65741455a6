/**
 * The fundraiser page's only script, emitted as a file (it imports shared chunks), since
 * the server's CSP hashes only inline scripts found in pre-rendered pages. The rest loads
 * only on pages that have what it works on: photos, older updates, the owner's controls.
 */
import { referralCode, sharedChannel, withReferral } from '../../lib/referral';
import { setUpDonateBar } from './donate-bar';
import { setUpCopyLinks } from './share';
import { setUpShareButtons } from './share-button';
import { countShares } from './share-count';
import './owner-loader';

setUpDonateBar();
carryReferral();
countShares();
setUpCopyLinks();
setUpShareButtons();

const lightbox = document.querySelector<HTMLDialogElement>('dialog[data-lightbox]');
if (lightbox) void import('./lightbox').then((module) => module.setUpLightbox(lightbox));

const olderUpdates = document.querySelector<HTMLAnchorElement>('a[data-older-updates]');
if (olderUpdates) void import('./older-updates').then((module) => module.setUpOlderUpdates(olderUpdates));

/** A visitor who came through a team member's link donates through it too: the Donate links carry its code (and the form the share it came by). */
function carryReferral(): void {
  const links = [...document.querySelectorAll<HTMLAnchorElement>('a[href*="/donate/"]')];
  const fundraiserId = Number(/\/donate\/(\d+)$/.exec(links[0]?.pathname ?? '')?.[1]);
  if (!fundraiserId) return;
  // Remembered for the donate form, which sends it with the donation.
  sharedChannel(fundraiserId);
  const code = referralCode(fundraiserId);
  if (code) for (const link of links) link.href = withReferral(link.getAttribute('href')!, code);
}
