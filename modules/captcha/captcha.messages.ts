import { defineMessages } from '../../kernel/http/index.ts';

/** What the bot check tells a person it could not confirm. */
export const captchaMessages = defineMessages({
  en: {
    captcha_required: 'The check that you are a person did not run. Reload the page and try again.',
    captcha_failed: 'We could not confirm that you are a person. Reload the page and try again.',
    captcha_unavailable: 'The check that you are a person is not answering. Please try again in a moment.',
  },
  am: {
    captcha_required: 'ሰው መሆንዎን የሚያረጋግጠው ፍተሻ አልተካሄደም። ገጹን እንደገና ጭነው ይሞክሩ።',
    captcha_failed: 'ሰው መሆንዎን ማረጋገጥ አልቻልንም። ገጹን እንደገና ጭነው ይሞክሩ።',
    captcha_unavailable: 'ሰው መሆንዎን የሚያረጋግጠው አገልግሎት ምላሽ እየሰጠ አይደለም። እባክዎ ትንሽ ቆይተው እንደገና ይሞክሩ።',
  },
});
