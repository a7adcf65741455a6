import type { Currency } from '../money/index.ts';

/**
 * Typical gifts in whole units, each with how often it comes up: many small ones, a few
 * large. Diaspora donors give dollars; birr gifts come from home, in round hundreds.
 */
export const demoAmounts: Record<Currency, readonly (readonly [amount: number, weight: number])[]> = {
  USD: [
    [10, 3],
    [20, 4],
    [25, 4],
    [50, 5],
    [100, 4],
    [150, 1],
    [200, 2],
    [250, 1],
    [500, 1],
  ],
  ETB: [
    [100, 2],
    [200, 3],
    [300, 1],
    [500, 5],
    [1000, 5],
    [1500, 1],
    [2000, 3],
    [3000, 1],
    [5000, 2],
    [10000, 1],
  ],
};

export type DemoLanguage = 'en' | 'am';

/** Names as donors type them: full, initialled, a couple, a family, a neighbourhood's iddir. */
export const demoDonorNames: Record<DemoLanguage, readonly string[]> = {
  en: [
    'Hanna G.',
    'Samuel Tesfaye',
    'Liya & Dawit',
    'Mekdes A.',
    'The Haile family',
    'Yared K.',
    'Sarah Johnson',
    'Michael B.',
    'Ruth Alemu',
    'Biniam W.',
    'Tigist & Yonatan',
    'Daniel Mekonnen',
    'Amina Yusuf',
    'Eden G.',
    'Abel T.',
    'Helen M.',
    'Kidist Asfaw',
    'Nahom B.',
    'Emily R.',
    'Fitsum D.',
    'Marta L.',
    'Solomon Girma',
    'Rahel and family',
    'Jonathan P.',
    'Meseret W.',
    'Bereket A.',
    'Selam Tadesse',
    'Kaleb M.',
  ],
  am: [
    'ሰላም አበበ',
    'ብርሃኑ ተ.',
    'ትዕግሥት ወ.',
    'መቅደስና ቤተሰቧ',
    'ዮሴፍ ከበደ',
    'ሕይወት ታደሰ',
    'አበበ ገ.',
    'ፋጡማ ሀሰን',
    'ሙሉጌታ አ.',
    'ቤተልሔም ሰ.',
    'ኤርሚያስ ደ.',
    'ወይንሸት በ.',
    'ፀሐይ ገብሬ',
    'ግርማና ቤተሰቡ',
    'አማኑኤል ሙ.',
    'ራሔል ደ.',
    'የሰፈሩ እድር',
    'ቃልኪዳን አ.',
  ],
};

interface Messages {
  /** Words that suit any fundraiser. */
  any: readonly string[];
  /** Words for a fundraiser of one category, by its slug. */
  byCategory: Readonly<Record<string, readonly string[]>>;
}

const home = {
  en: ['Hoping you are back under your own roof soon.', 'So sorry for what you have been through. Stay strong.'],
  am: ['ቶሎ ወደ ቤታችሁ እንድትመለሱ እመኛለሁ።', 'የደረሰባችሁ ያሳዝናል፤ አይዟችሁ።'],
};

/** Words of support, in the donor's language. */
export const demoMessages: Record<DemoLanguage, Messages> = {
  en: {
    any: [
      'Stay strong. We are with you.',
      'From our family to yours, with love.',
      'Happy to help. I have shared this with everyone I know.',
      'God bless you all.',
      'A small gift with big hopes.',
      'Sending love from Washington, DC.',
      'Sending love from Toronto.',
      'From the Ethiopian community in London.',
      'Wishing you every success.',
      'Together we can do this!',
    ],
    byCategory: {
      medical: ['Praying for a full recovery.', 'Get well soon! Our whole church is praying for you.', 'Wishing you strength through the treatment.'],
      education: ['Education is the best gift. Study hard!', 'Keep learning, we believe in you.', 'My teachers changed my life. Pass it on.'],
      memorial: ['Rest in peace, teacher. You taught me to read and write.', 'With deepest sympathy to the family.'],
      emergency: home.en,
      housing: home.en,
      community: ['Clean water changes everything.'],
      faith: ['May the school stand for generations.'],
      sports: ['Run fast, girls! So proud of you.'],
      business: ['Beautiful work. I will be ordering a shawl!'],
    },
  },
  am: {
    any: [
      'በርቱ! ከጎናችሁ ነን።',
      'እግዚአብሔር ይርዳችሁ።',
      'ከልብ የተሰጠች ትንሽ ስጦታ ናት።',
      'አይዟችሁ፣ ብቻችሁን አይደላችሁም።',
      'ፈጣሪ ብርታቱን ይስጣችሁ።',
      'ከዋሽንግተን ዲሲ በፍቅር።',
      'ተባብረን እናሳካዋለን!',
      'መልካሙን ሁሉ እመኛለሁ።',
    ],
    byCategory: {
      medical: ['እግዚአብሔር ሙሉ ጤና ይስጥልን።', 'ፈጣሪ ምሕረቱን ይላክ።', 'በጸሎታችን እናስባችኋለን።'],
      education: ['ትምህርት ትልቁ ስጦታ ነው። በርቱ!', 'ጠንክራችሁ ተማሩ፤ እናምንባችኋለን።'],
      memorial: ['ነፍስ ይማር። ለቤተሰቡ መጽናናትን እመኛለሁ።', 'መምህራችን ነበሩ፤ መቼም አንረሳቸውም።', 'ነፍሳቸውን በገነት ያኑርልን።'],
      emergency: home.am,
      housing: home.am,
    },
  },
};
