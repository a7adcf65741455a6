export { createMailer, listOutbox, searchOutbox, findOutboxMail, countOutbox } from './mail.service.ts';
export type { OutboxEntry } from './mail.service.ts';
export { mailStatuses, OutboxMailSchema } from './outbox-mail.entity.ts';
export { retryMailJob } from './mail.jobs.ts';
export { unlinked } from './unlinked.ts';
export type { Mailer, MailMessage, MailComposer } from './mail.service.ts';
export type { OutboxMail, MailStatus } from './outbox-mail.entity.ts';

import { OutboxMailSchema } from './outbox-mail.entity.ts';
export const mailEntities = [OutboxMailSchema];
