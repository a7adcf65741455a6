export { createCaptcha } from './captcha.service.ts';
export type { Captcha } from './captcha.service.ts';
export { captchaQuery, captchaTokenParam } from './captcha.schemas.ts';
export { captchaMessages } from './captcha.messages.ts';
