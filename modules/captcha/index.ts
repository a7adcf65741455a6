export { createCaptcha, CaptchaUnavailable } from './captcha.service.ts';
export type { Captcha, CaptchaOptions, CaptchaVerdict } from './captcha.service.ts';
export { captchaQuery, captchaTokenParam } from './captcha.schemas.ts';
export { captchaMessages } from './captcha.messages.ts';
