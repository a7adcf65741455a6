import type { EntityManager } from '@mikro-orm/core';
import type { Logger } from 'pino';
import type { Language } from '../../kernel/http/index.ts';
import type { Job } from '../jobs/index.ts';
import type { MailComposer, Mailer } from '../mail/index.ts';
import { fromMinor } from '../money/index.ts';
import { DonationCreditSchema, TeamMemberSchema } from './team.entity.ts';
import { memberDigestMailTexts } from './team.digest-mails.ts';
import type { PublicDonations } from './team.service.ts';

/** The kind of QUEUED outbox mail that is a member's digest (its ref: `member:after:upTo`, credit ids). */
export const memberDigestMailKind = 'team-member-digest';

/** At most one digest per member in this long. */
export const memberDigestIntervalMs = 60 * 60_000;

/**
 * Credits older than this are no longer looked at, as in the organiser's comment digest: the
 * job runs every ten minutes, so only a stop of two days leaves any out, and news that old is
 * no longer worth a mail.
 */
const horizonMs = 48 * 60 * 60_000;
const perRun = 50;
const listedPerMail = 10;
/** How the donations module's public view names a donor who gave no name. */
const anonymous = 'Anonymous';

interface Due {
  member_id: number | string;
  oldest: number | string;
  newest: number | string;
  covered: number | string | null;
}

interface DueDigest {
  memberId: number;
  /** The oldest new credit within the horizon, less one: where the mail's list starts after. */
  after: number;
  newest: number;
  /** The watermark as read (null: never told), for the claim to compare. */
  covered: number | null;
}

/**
 * Members with credits they have not been told of (not refunded, from the last two days),
 * who are still on their team, whose team is not removed, whose last digest is an hour old
 * or more, and who want these e-mails (the profile's switch for comment e-mails): the
 * oldest and newest such credit, and the last one told of.
 */
async function dueDigests(em: EntityManager, now: Date): Promise<DueDigest[]> {
  const platform = em.getPlatform();
  const rows = (await em.getConnection().execute<Due[]>(
    `select m.id as member_id, min(c.id) as oldest, max(c.id) as newest, m.last_told_credit_id as covered
      from \`donation_credit\` c
      join \`team_member\` m on m.id = c.member_id
      join \`team\` t on t.id = m.team_id
      join \`app_user\` u on u.id = m.user_id and u.comment_emails = ?
      where c.created_at > ? and c.refunded_at is null
        and c.id > coalesce(m.last_told_credit_id, 0)
        and m.left_at is null and t.removed_at is null
        and (m.told_at is null or m.told_at <= ?)
      group by m.id, m.last_told_credit_id
      order by min(c.id)
      limit ${perRun}`,
    [true, platform.processDateProperty(new Date(now.getTime() - horizonMs)), platform.processDateProperty(new Date(now.getTime() - memberDigestIntervalMs))],
    'all',
  )) as Due[];
  return rows.map((row) => ({
    memberId: Number(row.member_id),
    after: Number(row.oldest) - 1,
    newest: Number(row.newest),
    covered: row.covered === null ? null : Number(row.covered),
  }));
}

/**
 * Queues a digest for each team member with new donations through their link who has not had
 * one in the last hour, then delivers them. Each is claimed by a conditional update of the
 * member's watermark (the newest credit told of, and when), in the transaction that writes
 * its outbox mail: a crash leaves either both or neither, and of two runs only one claims it.
 * Answers how many were queued.
 */
export async function sendMemberDigests(em: EntityManager, mailer: Mailer, log: Logger, now = new Date()): Promise<number> {
  const queued: number[] = [];
  for (const due of await dueDigests(em, now)) {
    const mailId = await em.fork().transactional(async (tx) => {
      const claimed = await claim(tx, due, now);
      return claimed ? mailer.enqueue(tx, { kind: memberDigestMailKind, ref: `${due.memberId}:${due.after}:${due.newest}` }) : null;
    });
    if (mailId !== null) queued.push(mailId);
  }
  for (const mailId of queued) {
    try {
      await mailer.deliverQueued(em.fork(), mailId);
    } catch (error) {
      // Still QUEUED: the retry-mail job composes it later.
      log.error({ err: error, mailId }, 'team member digest could not be delivered now; it will be retried');
    }
  }
  return queued.length;
}

/**
 * Moves the watermark on only from where this run saw it (null stays null: never told), and
 * only once the hour is over: of two runs, one wins; the other's update matches no row.
 */
async function claim(tx: EntityManager, due: DueDigest, now: Date): Promise<boolean> {
  const claimed = await tx.nativeUpdate(
    TeamMemberSchema,
    { id: due.memberId, lastToldCreditId: due.covered, $or: [{ toldAt: null }, { toldAt: { $lte: new Date(now.getTime() - memberDigestIntervalMs) } }] },
    { lastToldCreditId: due.newest, toldAt: now },
  );
  return claimed === 1;
}

/**
 * Makes the digest a QUEUED mail stands for: the donations credited to the member between
 * its two watermarks and not refunded since, in the member's language, with their new
 * total and a link to the team's page. Null (nothing to send any more) when all were
 * refunded in the meantime, or when the member has left, their team was removed, or they
 * turned these e-mails off since. Each donation is shown as on the fundraiser's page (the
 * donor's name or Anonymous, the amount only if they let it be shown): `publicDonations` is
 * the donations module's, handed in by the composition root, as that module uses this one.
 */
export function memberDigestComposer(deps: { publicUrl: string; publicDonations: PublicDonations }): MailComposer {
  return async (em, ref) => {
    const [memberId, after, upTo] = ref.split(':').map(Number) as [number, number, number];
    const member = await em.findOne(TeamMemberSchema, { id: memberId }, { populate: ['team', 'team.fundraiser', 'user'] });
    if (!member || member.leftAt || member.team.removedAt) return null;
    const user = member.user;
    if (!user.commentEmails) return null;
    const [credits, count] = await em.findAndCount(
      DonationCreditSchema,
      { member: memberId, refundedAt: null, id: { $gt: after, $lte: upTo } },
      { orderBy: { id: 'asc' }, limit: listedPerMail },
    );
    if (count === 0) return null;
    const shown = new Map((await deps.publicDonations(em, credits.map((c) => c.donationId))).map((d) => [d.id, d]));
    const language: Language = user.language;
    const words = memberDigestMailTexts[language];
    const prefix = language === 'am' ? '/am' : '';
    const fundraiser = member.team.fundraiser;
    return {
      to: user.email,
      subject: words.subject(fundraiser.title, count),
      text: words.body({
        name: user.firstName,
        team: member.team.name,
        title: fundraiser.title,
        donations: credits.map((c) => {
          const d = shown.get(c.donationId);
          // Not shown (no longer succeeded): nameless and without amount, never more than the public sees.
          if (!d) return { donor: words.anonymous, amount: null };
          // The public view names an unnamed donor in English; the member reads their own language.
          return { donor: d.name === anonymous ? words.anonymous : d.name, amount: d.amount === null ? null : words.money(d.amount, d.currency) };
        }),
        count,
        total: words.money(fromMinor(member.raisedMinor, fundraiser.currency), fundraiser.currency),
        link: `${deps.publicUrl}${prefix}/fundraiser/${fundraiser.id}/team`,
        settings: `${deps.publicUrl}${prefix}/edit-profile`,
      }),
    };
  };
}

/** Every ten minutes, so that a digest goes out within ten minutes of its hour coming round. */
export function memberDigestJob(mailer: Mailer): Job {
  return {
    name: 'team-member-digests',
    schedule: '*/10 * * * *',
    lockMs: 10 * 60_000,
    async run(em, log) {
      const sent = await sendMemberDigests(em, mailer, log);
      return `${sent} team member digests queued`;
    },
  };
}
