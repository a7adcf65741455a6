import { defineMessages } from '../../kernel/http/index.ts';

/** What the payments module says when a payment cannot be started, found or verified. */
export const paymentMessages = defineMessages({
  en: {
    payment_not_found: 'We could not find this payment.',
    sandbox_outcome_chosen: 'This test payment has already been completed differently.',
    webhook_invalid: 'The webhook signature or body could not be verified.',
    payment_provider_unavailable: 'The payment could not be started with this method just now. Please try again, or choose the other method.',
    payment_method_unavailable: 'This way of paying is not available at the moment. Please choose another.',
    payment_provider_unreachable: 'The payment provider did not answer in time, so we could not check this payment yet. Nothing is lost: please try again in a minute.',
    payment_check_failed: 'The payment provider answered in a way we could not read, so we could not check this payment yet. Nothing is lost: we will check it again shortly.',
    paypal_currency_unsupported: 'PayPal does not accept Ethiopian birr (ETB). Please donate by card instead.',
    donation_not_refundable: 'Only a completed donation that has not been refunded can be refunded.',
    refund_amount_invalid: 'Part of a donation to refund must be more than 0 and less than the whole donation. To refund all of it, leave the amount out.',
    refund_refused: 'The payment provider did not accept the refund, so nothing was given back. Please try again later.',
    refund_in_progress: 'This donation is being refunded right now. Reload the page in a moment to see the result.',
    chapa_currency_unsupported: 'Telebirr, CBE Birr, M-Pesa and bank transfers take Ethiopian birr only. Please give by card or PayPal instead.',
    'field.phone_ethiopian': 'Enter an Ethiopian mobile number of 10 digits starting 09 or 07, or leave it empty.',
  },
  am: {
    payment_not_found: 'ይህን ክፍያ ማግኘት አልቻልንም።',
    sandbox_outcome_chosen: 'ይህ የሙከራ ክፍያ ቀደም ብሎ በሌላ ውጤት ተጠናቋል።',
    webhook_invalid: 'የዌብሁኩ ፊርማ ወይም ይዘት ሊረጋገጥ አልቻለም።',
    payment_provider_unavailable: 'ክፍያውን በዚህ ዘዴ አሁን መጀመር አልተቻለም። እባክዎ እንደገና ይሞክሩ፣ ወይም ሌላውን የክፍያ ዘዴ ይምረጡ።',
    payment_method_unavailable: 'ይህ የክፍያ ዘዴ በአሁኑ ጊዜ አይገኝም። እባክዎ ሌላ ይምረጡ።',
    payment_provider_unreachable: 'የክፍያ አቅራቢው በጊዜ ምላሽ ስላልሰጠ ይህን ክፍያ ገና ማረጋገጥ አልቻልንም። ምንም የጠፋ ነገር የለም፤ እባክዎ ከአንድ ደቂቃ በኋላ እንደገና ይሞክሩ።',
    payment_check_failed: 'የክፍያ አቅራቢው የሰጠውን ምላሽ ማንበብ ስላልቻልን ይህን ክፍያ ገና ማረጋገጥ አልቻልንም። ምንም የጠፋ ነገር የለም፤ በቅርቡ እንደገና እናረጋግጠዋለን።',
    paypal_currency_unsupported: 'ፔይፓል የኢትዮጵያ ብርን (ETB) አይቀበልም። እባክዎ በምትኩ በካርድ ይለግሱ።',
    donation_not_refundable: 'ገንዘቡ የሚመለሰው ለተጠናቀቀና ገና ላልተመለሰ ልገሳ ብቻ ነው።',
    refund_amount_invalid: 'ከልገሳው በከፊል የሚመለሰው መጠን ከ0 በላይና ከሙሉው ልገሳ ያነሰ መሆን አለበት። ሙሉውን ለመመለስ መጠኑን ባዶ ይተዉት።',
    refund_refused: 'የክፍያ አቅራቢው ገንዘቡን መመለስ አልተቀበለም፤ ስለዚህ ምንም ገንዘብ አልተመለሰም። እባክዎ ቆይተው እንደገና ይሞክሩ።',
    refund_in_progress: 'የዚህ ልገሳ ገንዘብ አሁን እየተመለሰ ነው። ውጤቱን ለማየት ትንሽ ቆይተው ገጹን እንደገና ይጫኑ።',
    chapa_currency_unsupported: 'በቴሌብር፣ በሲቢኢ ብር፣ በኤም-ፔሳ እና በባንክ መክፈል የሚቻለው በኢትዮጵያ ብር ብቻ ነው። እባክዎ በካርድ ወይም በፔይፓል ይለግሱ።',
    'field.phone_ethiopian': 'በ09 ወይም በ07 የሚጀምር ባለ 10 አሃዝ የኢትዮጵያ የሞባይል ቁጥር ያስገቡ፣ ወይም ባዶ ይተዉት።',
  },
});
