import { defineMessages } from '../../kernel/http/index.ts';

/** What the review queue says when it refuses. */
export const flagMessages = defineMessages({
  en: {
    flag_not_found: 'We could not find this report.',
    flag_resolved: 'Another moderator has just dealt with these reports. Reload the queue to see what is left.',
  },
  am: {
    flag_not_found: 'ይህን ጥቆማ ማግኘት አልቻልንም።',
    flag_resolved: 'ሌላ አስተዳዳሪ እነዚህን ጥቆማዎች አሁን አስተናግዷቸዋል። የቀረውን ለማየት ገጹን ያድሱ።',
  },
});
