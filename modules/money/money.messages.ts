import { defineMessages } from '../../kernel/http/index.ts';

/** Hints for amounts of money that cannot be read. */
export const moneyMessages = defineMessages({
  en: {
    'field.amount_format': 'Enter an amount such as 1500 or 1500.50, with at most two decimal places.',
    'field.amount_positive': 'The amount must be more than 0.',
  },
  am: {
    'field.amount_format': 'መጠኑን እንደ 1500 ወይም 1500.50 ያስገቡ፤ ከነጥብ በኋላ ቢበዛ ሁለት አኃዝ ብቻ።',
    'field.amount_positive': 'መጠኑ ከ0 በላይ መሆን አለበት።',
  },
});
