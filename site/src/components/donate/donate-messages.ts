import type { MessagesFor } from '../../i18n';

/** The donate form's texts; the card step shares them, so they live apart from either. */
export type DonateMessages = MessagesFor<'donate.form.'>;
