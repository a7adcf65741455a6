import type { EntityManager } from '@mikro-orm/core';
import type { Language } from '../../kernel/http/index.ts';
import { unlinked, type Mailer, type MailMessage } from '../mail/index.ts';
import type { InvitationToSend } from './team.service.ts';

const site = 'EthioFundraise';

/**
 * The invitation, in the invitee's language: who asks, for which fundraiser, and the link to
 * accept. It goes to any address a captain types, so nothing a stranger wrote reaches it as
 * they wrote it: the subject is ours alone, and the inviter's name, the team's name and the
 * fundraiser's title are shown unlinked (modules/mail) so that none of them carries a link.
 */
export function invitationMail(invitation: InvitationToSend, language: Language, link: string): MailMessage {
  const inviter = unlinked(invitation.inviter);
  const team = unlinked(invitation.team);
  const fundraiser = unlinked(invitation.fundraiser.title);
  const text =
    language === 'am'
      ? [
          'ሰላም፣',
          '',
          `${inviter} “${team}” የተባለውን ቡድን እንዲቀላቀሉ ጋብዘውዎታል። ቡድኑ “${fundraiser}” ለተሰኘው ገንዘብ ማሰባሰቢያ ገንዘብ ያሰባስባል።`,
          '',
          'በቡድኑ ውስጥ የራስዎ ማጋሪያ ሊንክ ይኖርዎታል፤ በሊንክዎ በኩል የሚሰጥ እያንዳንዱ ልገሳ በስምዎና በቡድኑ ስም ይቆጠራል።',
          '',
          'ግብዣውን ለመቀበል ይህን ሊንክ ይክፈቱ፤ ይህ ኢሜይል በደረሰበት አድራሻ ይግቡ (መለያ ከሌለዎት መጀመሪያ ይመዝገቡ)፦',
          '',
          link,
          '',
          'ግብዣው ለ14 ቀናት ያገለግላል። ይህን ሰው የማያውቁት ከሆነ ይህን ኢሜይል ችላ ይበሉት፤ ማንም ሰው ያለ ፈቃዱ ወደ ቡድን አይጨመርም።',
          '',
          `የ${site} ቡድን`,
        ]
      : [
          'Hello,',
          '',
          `${inviter} has invited you to join the team “${team}”, raising money for “${fundraiser}”.`,
          '',
          'On the team you get a link of your own to share: every donation made through it counts for you and your team.',
          '',
          'To accept, open this link and sign in with the address this e-mail came to (sign up first if you have no account):',
          '',
          link,
          '',
          'The invitation can be used for 14 days. If you do not know this person, ignore this e-mail: nobody is put on a team without saying yes.',
          '',
          `The ${site} team`,
        ];
  return {
    to: invitation.email,
    subject: language === 'am' ? `በ${site} ላይ ቡድን እንዲቀላቀሉ ተጋብዘዋል` : `You are invited to join a team on ${site}`,
    text: text.join('\n'),
    // The link accepts the invitation: once SMTP has it, the outbox keeps only the envelope.
    sensitive: true,
  };
}

/**
 * Sends the invitation in the invitee's language, or for an address without an account in
 * `fallback` (the language the captain was using), linking to the team's page in it.
 */
export async function sendInvitation(em: EntityManager, deps: { mailer: Mailer; publicUrl: string }, invitation: InvitationToSend, fallback: Language): Promise<void> {
  const language = invitation.language ?? fallback;
  const link = `${deps.publicUrl}${language === 'am' ? '/am' : ''}/fundraiser/${invitation.fundraiser.id}/team?invitation=${encodeURIComponent(invitation.token)}`;
  await deps.mailer.send(em, invitationMail(invitation, language, link));
}
