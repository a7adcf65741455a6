import { defineMessages } from '../../kernel/http/index.ts';

/** What the media module says about images it cannot take or find. */
export const mediaMessages = defineMessages({
  en: {
    media_not_found: 'We could not find that image. It may have been deleted.',
    multipart_required: 'Send the image as a form upload (multipart/form-data) with the fields entityType, entityId and file.',
    upload_malformed: 'The upload could not be read. Please try again.',
    image_unsupported: 'This file is not a JPEG, PNG or WebP image. Please choose a photo in one of those formats.',
    image_unreadable: 'We could not read this image; it may be damaged. Please choose another one.',
    image_too_large: 'The image is larger than {max} MB. Please choose a smaller one.',
    image_too_many_pixels: 'The image is too large in pixels (at most {max} megapixels). Please choose a smaller one.',
    image_limit_reached: 'A fundraiser can have at most {max} images. Delete one to add another.',
    uploads_busy: 'Many images are being uploaded right now. Please try again in a few seconds.',
    'field.image_required': 'Choose an image to upload.',
  },
  am: {
    media_not_found: 'ይህን ምስል ማግኘት አልቻልንም። ተሰርዞ ሊሆን ይችላል።',
    multipart_required: 'ምስሉን entityType፣ entityId እና file የሚሉ መስኮች ባሉት ቅጽ (multipart/form-data) ይላኩ።',
    upload_malformed: 'የላኩትን ፋይል ማንበብ አልተቻለም። እባክዎ እንደገና ይሞክሩ።',
    image_unsupported: 'ይህ ፋይል JPEG፣ PNG ወይም WebP ምስል አይደለም። እባክዎ ከነዚህ በአንዱ ዓይነት የተቀመጠ ፎቶ ይምረጡ።',
    image_unreadable: 'ይህን ምስል ማንበብ አልቻልንም፤ ተበላሽቶ ሊሆን ይችላል። እባክዎ ሌላ ምስል ይምረጡ።',
    image_too_large: 'ምስሉ ከ{max} ሜጋባይት በላይ ነው። እባክዎ አነስ ያለ ምስል ይምረጡ።',
    image_too_many_pixels: 'የምስሉ ፒክሰል ብዛት በጣም ብዙ ነው (ቢበዛ {max} ሜጋፒክሰል)። እባክዎ አነስ ያለ ምስል ይምረጡ።',
    image_limit_reached: 'አንድ ገንዘብ ማሰባሰቢያ ከ{max} በላይ ምስሎች ሊኖሩት አይችልም። ሌላ ለመጨመር አንዱን ይሰርዙ።',
    uploads_busy: 'አሁን ብዙ ምስሎች በመጫን ላይ ናቸው። እባክዎ ከጥቂት ሰከንዶች በኋላ እንደገና ይሞክሩ።',
    'field.image_required': 'የሚጭኑትን ምስል ይምረጡ።',
  },
});
