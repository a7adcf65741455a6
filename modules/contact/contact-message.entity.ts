import { defineEntity, p, type InferEntity } from '@mikro-orm/core';

export const ContactMessageSchema = defineEntity({
  name: 'ContactMessage',
  tableName: 'contact_message',
  properties: {
    id: p.integer().primary().autoincrement(),
    name: p.string().length(100),
    email: p.string().length(254),
    message: p.text(),
    language: p.string().length(8),
    createdAt: p.datetime().onCreate(() => new Date()),
  },
});

export type ContactMessage = InferEntity<typeof ContactMessageSchema>;
