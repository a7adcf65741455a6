import { defineMessages } from '../../kernel/http/index.ts';

/** What the fundraisers module says when it refuses a change or cannot find a fundraiser. */
export const fundraiserMessages = defineMessages({
  en: {
    fundraiser_not_found: 'We could not find this fundraiser. It may have been removed.',
    not_fundraiser_manager: 'Only the organiser of this fundraiser or an administrator can do that.',
    owner_mismatch: 'You can only start a fundraiser under your own account.',
    status_change_not_allowed: 'The fundraiser cannot change to that status from its current one. Reload the page to see where it stands.',
    status_admin_only: 'Only an administrator can suspend a fundraiser or lift a suspension.',
    fundraiser_suspended: 'This fundraiser is suspended for review. Until the suspension is lifted, only an administrator can change it.',
    currency_locked: 'The currency cannot change once the fundraiser has received donations.',
    update_not_found: 'We could not find that update. It may have been deleted.',
    'field.path_id_mismatch': 'This does not match the id in the address.',
  },
  am: {
    fundraiser_not_found: 'ይህን ገንዘብ ማሰባሰቢያ ማግኘት አልቻልንም። ተሰርዞ ሊሆን ይችላል።',
    not_fundraiser_manager: 'ይህን ማድረግ የሚችሉት የገንዘብ ማሰባሰቢያው አዘጋጅ ወይም አስተዳዳሪ ብቻ ናቸው።',
    owner_mismatch: 'ገንዘብ ማሰባሰቢያ መክፈት የሚችሉት በራስዎ መለያ ብቻ ነው።',
    status_change_not_allowed: 'ገንዘብ ማሰባሰቢያው ካለበት ሁኔታ ወደዚህ ሁኔታ መቀየር አይችልም። ያለበትን ሁኔታ ለማየት ገጹን ያድሱ።',
    status_admin_only: 'ገንዘብ ማሰባሰቢያን ማገድም ሆነ እገዳውን ማንሳት የሚችለው አስተዳዳሪ ብቻ ነው።',
    fundraiser_suspended: 'ይህ ገንዘብ ማሰባሰቢያ ለግምገማ ታግዷል። እገዳው እስኪነሳ ድረስ ሊቀይረው የሚችለው አስተዳዳሪ ብቻ ነው።',
    currency_locked: 'ገንዘብ ማሰባሰቢያው ልገሳ መቀበል ከጀመረ በኋላ የገንዘብ ዓይነቱን መቀየር አይቻልም።',
    update_not_found: 'ይህን ወቅታዊ መረጃ ማግኘት አልቻልንም። ተሰርዞ ሊሆን ይችላል።',
    'field.path_id_mismatch': 'ይህ በአድራሻው ካለው መለያ ቁጥር ጋር አይመሳሰልም።',
  },
});
