import { z } from 'zod';

/**
 * The query parameter that carries a bot-check token, on the calls that take one (sign-up,
 * verification and reset links, donations, payments, receipts, flags). Optional in the
 * schema because the check is off without RECAPTCHA_SECRET; `Captcha.require` enforces it.
 */
export const captchaTokenParam = z.string().max(4096).optional().describe('reCAPTCHA v3 token; required when the bot check is on');

export const captchaQuery = z.object({ captchaToken: captchaTokenParam });
