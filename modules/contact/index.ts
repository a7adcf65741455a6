export { contactRoutes } from './contact.routes.ts';
export { createContactService, contactLimits } from './contact.service.ts';

import { ContactMessageSchema } from './contact-message.entity.ts';
export const contactEntities = [ContactMessageSchema];
