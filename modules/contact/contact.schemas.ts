import { z } from 'zod';

export const contactRequest = z.strictObject({
  name: z.string().trim().min(1).max(100),
  email: z.string().trim().max(254).pipe(z.email()),
  message: z.string().trim().min(10).max(5000),
});

export type ContactRequest = z.output<typeof contactRequest>;

export const contactResponse = z.object({ id: z.number(), received: z.literal(true) });
