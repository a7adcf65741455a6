import { defineMessages } from '../../kernel/http/index.ts';

/** What the reports module says when it refuses. */
export const reportMessages = defineMessages({
  en: {
    report_fundraiser_not_found: 'We could not find this fundraiser. It may have been deleted.',
    report_not_allowed: 'Only the organizers of this fundraiser can see its progress and reports.',
    'field.report_day': 'Enter a real date, like 2026-11-27.',
    'field.report_order': 'The end date must be on or after the start date.',
    'field.report_range': 'Choose a period of at most {days} days.',
  },
  am: {
    report_fundraiser_not_found: 'ይህን ገንዘብ ማሰባሰቢያ ማግኘት አልቻልንም። ተሰርዞ ሊሆን ይችላል።',
    report_not_allowed: 'የዚህን ገንዘብ ማሰባሰቢያ ሂደትና ሪፖርቶች ማየት የሚችሉት አዘጋጆቹ ብቻ ናቸው።',
    'field.report_day': 'እንደ 2026-11-27 ያለ ትክክለኛ ቀን ያስገቡ።',
    'field.report_order': 'የመጨረሻው ቀን ከመጀመሪያው ቀን በፊት መሆን የለበትም።',
    'field.report_range': 'ቢበዛ {days} ቀናት የሚሸፍን ጊዜ ይምረጡ።',
  },
});
