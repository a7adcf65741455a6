import { defineMessages } from '../../kernel/http/index.ts';

/** What the teams module says when it refuses. */
export const teamMessages = defineMessages({
  en: {
    team_not_found: 'We could not find this team. It may have been removed.',
    creator_mismatch: 'You can only start a team under your own account.',
    teams_closed: 'Only the organiser of this fundraiser can start teams for it.',
    team_fundraiser_not_active: 'This fundraiser is not taking donations right now, so its teams cannot be started, joined or changed.',
    team_not_yours: 'Only the team’s captain or the fundraiser’s organiser can do this.',
    invitation_not_found: 'This invitation cannot be used any more: it has been accepted, withdrawn or has expired. Ask the team’s captain for a new one.',
    invitation_not_yours: 'This invitation was sent to another e-mail address. Sign in with that address to accept it.',
    team_member_not_found: 'This person is not on this team. The list may be out of date: reload the page.',
    team_invites_new_account: 'Your account is new, so it can send only {limit} invitations in its first day. You can send more in {hours} hour(s).',
    team_invites_to_address: 'This address has received several invitations today. To spare its owner, you can invite it again in {hours} hour(s).',
    team_invite_only: 'This team takes new members by invitation only. Ask its captain to invite you.',
    co_organiser_not_allowed: 'Only the fundraiser’s organiser can name co-organisers, and only on a team they lead themself.',
  },
  am: {
    team_not_found: 'ይህን ቡድን ማግኘት አልቻልንም። ተወግዶ ሊሆን ይችላል።',
    creator_mismatch: 'ቡድን መጀመር የሚችሉት በራስዎ መለያ ብቻ ነው።',
    teams_closed: 'ለዚህ ገንዘብ ማሰባሰቢያ ቡድን መጀመር የሚችሉት አዘጋጁ ብቻ ናቸው።',
    team_fundraiser_not_active: 'ይህ ገንዘብ ማሰባሰቢያ አሁን ልገሳ እየተቀበለ ስላልሆነ ቡድኖቹን መጀመር፣ መቀላቀልም ሆነ መቀየር አይቻልም።',
    team_not_yours: 'ይህን ማድረግ የሚችሉት የቡድኑ መሪ ወይም የገንዘብ ማሰባሰቢያው አዘጋጅ ብቻ ናቸው።',
    invitation_not_found: 'ይህ ግብዣ ከእንግዲህ አያገለግልም፤ ቀድሞ ጥቅም ላይ ውሏል፣ ተሰርዟል ወይም ጊዜው አልፏል። ከቡድኑ መሪ አዲስ ግብዣ ይጠይቁ።',
    invitation_not_yours: 'ይህ ግብዣ የተላከው ለሌላ የኢሜይል አድራሻ ነው። ለመቀበል በዚያ አድራሻ ይግቡ።',
    team_member_not_found: 'ይህ ሰው በዚህ ቡድን ውስጥ የለም። ዝርዝሩ የቆየ ሊሆን ይችላል፤ ገጹን እንደገና ይጫኑ።',
    team_invites_new_account: 'መለያዎ አዲስ ስለሆነ በመጀመሪያው ቀን መላክ የሚችለው {limit} ግብዣዎችን ብቻ ነው። ከ{hours} ሰዓት በኋላ ተጨማሪ መላክ ይችላሉ።',
    team_invites_to_address: 'ይህ አድራሻ ዛሬ ብዙ ግብዣዎች ደርሰውታል። ባለቤቱን ላለማስቸገር ከ{hours} ሰዓት በኋላ እንደገና ሊጋብዙት ይችላሉ።',
    team_invite_only: 'ይህ ቡድን አዲስ አባላትን የሚቀበለው በግብዣ ብቻ ነው። የቡድኑን መሪ እንዲጋብዙዎት ይጠይቁ።',
    co_organiser_not_allowed: 'ተባባሪ አዘጋጆችን መሰየም የሚችሉት የገንዘብ ማሰባሰቢያው አዘጋጅ ብቻ ናቸው፤ ይህም ራሳቸው በሚመሩት ቡድን ውስጥ ብቻ ነው።',
  },
});
