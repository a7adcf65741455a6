import { defineMessages } from '../../kernel/http/index.ts';

/** What the catalogue says about categories and locations it does not have. */
export const catalogueMessages = defineMessages({
  en: {
    category_not_found: 'That category does not exist.',
    'field.category_unknown': 'Choose a category from the list.',
    'field.location_unknown': 'Choose a location from the list.',
  },
  am: {
    category_not_found: 'ይህ ምድብ የለም።',
    'field.category_unknown': 'ከዝርዝሩ ውስጥ አንድ ምድብ ይምረጡ።',
    'field.location_unknown': 'ከዝርዝሩ ውስጥ አንድ ቦታ ይምረጡ።',
  },
});
