import type { Currency } from '../money/index.ts';
import type { DemoPicture } from './fundraiser.demo-pictures.ts';

/** The demo organisers: verified accounts without a password (nobody signs in as them). */
export const demoOrganisers = [
  { email: 'selamawit.bekele@example.com', firstName: 'Selamawit', lastName: 'Bekele', language: 'en' },
  { email: 'dawit.haile@example.com', firstName: 'ዳዊት', lastName: 'ኃይሌ', language: 'am' },
  { email: 'meron.tesfaye@example.com', firstName: 'Meron', lastName: 'Tesfaye', language: 'en' },
  { email: 'abdi.mohammed@example.com', firstName: 'Abdi', lastName: 'Mohammed', language: 'en' },
] as const;

export interface DemoFundraiser {
  /** Index into demoOrganisers. */
  organiser: number;
  title: string;
  description: string;
  beneficiaryName?: string;
  categorySlug: string;
  city: string;
  currency: Currency;
  /** Decimal, as the API takes it. */
  goalAmount: string;
  /** Started this many days ago. */
  daysAgo: number;
  /**
   * How far its demo donations (modules/donations, donation.demo.ts) take it, as a share of
   * the goal: 1 or more is fully funded.
   */
  funded: number;
  status?: 'ACTIVE' | 'CLOSED';
  /** For a CLOSED one: closed this many days ago, and given to until then. */
  closedDaysAgo?: number;
  pictures: DemoPicture[];
  updates?: { content: string; daysAgo: number }[];
}

const meadow: DemoPicture['hills'] = ['#7dcea0', '#52be80'];
const highland: DemoPicture['hills'] = ['#a9cce3', '#5d8aa8'];
const dry: DemoPicture['hills'] = ['#f0b27a', '#dc7633'];

/** A dozen realistic fundraisers across causes and cities, some in Amharic. */
export const demoFundraisers: DemoFundraiser[] = [
  {
    organiser: 0,
    title: 'Heart surgery for seven-year-old Yonas',
    description:
      'Yonas was born with a hole in his heart. For years he managed, but this year he tires after a few steps and has missed most of second grade.\n\n' +
      'The cardiac centre in Addis Ababa can operate in March. The surgery, two weeks in hospital and the follow-up visits cost about $12,000, far beyond what our family earns from our small shop in Merkato.\n\n' +
      'Every gift brings Yonas closer to running with his friends again. Thank you for reading, for sharing and for praying for him.',
    beneficiaryName: 'Yonas Bekele',
    categorySlug: 'medical',
    city: 'Addis Ababa',
    currency: 'USD',
    goalAmount: '12000',
    daysAgo: 24,
    funded: 0.74,
    pictures: [{ motif: 'heart', sky: ['#f5b7b1', '#fdedec'], hills: meadow, variant: 1 }],
    updates: [
      { content: 'Halfway there in under two weeks. Yonas drew a picture of a heart for every one of you; we will post it here.', daysAgo: 11 },
      { content: 'The doctors confirmed the date: 14 March. Thank you to everyone who has given and shared so far!', daysAgo: 1 },
    ],
  },
  {
    organiser: 1,
    title: 'ለሐና እና ለወንድሞቿ የትምህርት ቤት ክፍያ',
    description:
      'ሐና የ12 ዓመት ልጅ ስትሆን ሁለት ታናናሽ ወንድሞች አሏት። አባታቸው ባለፈው ክረምት በድንገት ካረፉ በኋላ እናታቸው በባሕር ዳር ገበያ አትክልት እየሸጠች ቤተሰቡን ታስተዳድራለች።\n\n' +
      'የሦስቱ ልጆች የዓመቱ የትምህርት ቤት ክፍያ፣ የደንብ ልብስ፣ ደብተርና መጻሕፍት ከ180,000 ብር በላይ ያስፈልጋሉ። ሐና በክፍሏ አንደኛ ናት፤ ትምህርቷን እንዳታቋርጥ እንፈልጋለን።\n\n' +
      'ትንሽም ሆነ ትልቅ ድጋፍዎ ለእነዚህ ልጆች ተስፋ ነው። እናመሰግናለን።',
    beneficiaryName: 'ሐና ታደሰ',
    categorySlug: 'education',
    city: 'Bahir Dar',
    currency: 'ETB',
    goalAmount: '180000',
    daysAgo: 19,
    funded: 0.93,
    pictures: [{ motif: 'book', sky: ['#aed6f1', '#ebf5fb'], hills: meadow, variant: 2 }],
    updates: [{ content: 'የመጀመሪያው ወሰነ ትምህርት ክፍያ ተከፍሏል። ለሁላችሁም ከልብ እናመሰግናለን!', daysAgo: 2 }],
  },
  {
    organiser: 3,
    title: 'Flood relief for families in Sabian, Dire Dawa',
    description:
      "Last week's flash flood swept through the Sabian neighbourhood. More than forty families lost their beds, kitchen things and food stores; some lost the walls of their homes.\n\n" +
      'Our youth association is buying mattresses, blankets, cooking sets and a month of flour and oil for each family, and sheet metal for the worst-hit houses. We publish every receipt on this page.\n\n' +
      'Please help us get families back under a roof before the next rains.',
    categorySlug: 'emergency',
    city: 'Dire Dawa',
    currency: 'USD',
    goalAmount: '8000',
    daysAgo: 2,
    funded: 0.21,
    pictures: [{ motif: 'flood', sky: ['#85929e', '#d5dbdb'], hills: dry, variant: 3 }],
  },
  {
    organiser: 1,
    title: 'ለአቶ ታደሰ መኮንን ቤተሰብ የቀብርና የኑሮ ድጋፍ',
    description:
      'የጎንደሩ አቶ ታደሰ መኮንን ለ30 ዓመታት በመምህርነት ያገለገሉ፣ በብዙ ተማሪዎቻቸው የሚወደዱ አባት ነበሩ። ባለፈው ሳምንት ባጋጠማቸው የመኪና አደጋ ሕይወታቸው አልፏል።\n\n' +
      'ባለቤታቸውና አራት ልጆቻቸው የቀብርና የሰልስት ወጪ እንዲሁም ለመጪዎቹ ወራት የቤት ኪራይ ድጋፍ ያስፈልጋቸዋል። የቀድሞ ተማሪዎቻቸው ይህን ማሰባሰቢያ ከፍተናል።\n\n' +
      'ነፍሳቸውን በገነት ያኑርልን።',
    beneficiaryName: 'የአቶ ታደሰ መኮንን ቤተሰብ',
    categorySlug: 'memorial',
    city: 'Gondar',
    currency: 'ETB',
    goalAmount: '120000',
    daysAgo: 9,
    funded: 1.06,
    pictures: [{ motif: 'candle', sky: ['#5b2c6f', '#d2b4de'], hills: highland, variant: 0 }],
    updates: [{ content: 'ከግባችን በላይ ተሰብስቧል። ተጨማሪው ገንዘብ ለአራቱ ልጆች የትምህርት ወጪ ይውላል። ስለ ደግነታችሁ ከልብ እናመሰግናለን።', daysAgo: 1 }],
  },
  {
    organiser: 2,
    title: 'A clean water well for Dore Bafano village',
    description:
      'Women and girls in Dore Bafano, near Hawassa, walk two hours a day to fetch water from a river that cattle also drink from. Children fall ill with diarrhoea every rainy season.\n\n' +
      'With the local water office we have surveyed a site for a hand-dug well with a pump. The village gives the labour; we need $15,000 for the pump, pipes, concrete and training a water committee to maintain it.\n\n' +
      'Clean water near home means girls back in school and fewer sick children.',
    categorySlug: 'community',
    city: 'Hawassa',
    currency: 'USD',
    goalAmount: '15000',
    daysAgo: 45,
    funded: 0.57,
    pictures: [
      { motif: 'well', sky: ['#76d7c4', '#e8f8f5'], hills: meadow, variant: 4 },
      { motif: 'field', sky: ['#a3e4d7', '#e8f8f5'], hills: meadow, variant: 1 },
    ],
    updates: [{ content: 'The survey team found water at 18 metres. Digging starts as soon as we pass $10,000.', daysAgo: 12 }],
  },
  {
    organiser: 1,
    title: 'ለእናታችን የኩላሊት እጥበት ሕክምና',
    description:
      'እናታችን ወ/ሮ አልማዝ ገብሩ ሁለቱም ኩላሊቶቻቸው ሥራ በማቆማቸው በመቀሌ ሆስፒታል በሳምንት ሦስት ጊዜ የኩላሊት እጥበት ይደረግላቸዋል።\n\n' +
      'የአንዱ እጥበት ወጪ ከ3,000 ብር በላይ ሲሆን ቤተሰቡ ያለውን ሁሉ ሸጦ እስካሁን ሸፍኗል። ሐኪሞች የኩላሊት ንቅለ ተከላ እስኪደረግ ድረስ ሕክምናው መቋረጥ እንደሌለበት ነግረውናል።\n\n' +
      'እባካችሁ የምትችሉትን ያህል እርዱን፤ ይህን ገጽም ለወዳጆቻችሁ አጋሩ።',
    beneficiaryName: 'ወ/ሮ አልማዝ ገብሩ',
    categorySlug: 'medical',
    city: 'Mekelle',
    currency: 'ETB',
    goalAmount: '450000',
    daysAgo: 33,
    funded: 0.36,
    pictures: [{ motif: 'cross', sky: ['#d6eaf8', '#fbfcfc'], hills: highland, variant: 5 }],
  },
  {
    organiser: 3,
    title: 'Medical school fees for Kedir, first in his family at university',
    description:
      "Kedir grew up on his parents' coffee farm outside Jimma and scored among the top students in the national exam. He has been admitted to study medicine at Jimma University.\n\n" +
      'His family can cover food, but not the cost-sharing fees, books and a laptop for six years of study. $5,000 covers his first two years.\n\n' +
      'Kedir wants to come back and work at the health centre in his home kebele.',
    beneficiaryName: 'Kedir Abamecha',
    categorySlug: 'education',
    city: 'Jimma',
    currency: 'USD',
    goalAmount: '5000',
    daysAgo: 21,
    funded: 0.96,
    pictures: [{ motif: 'cap', sky: ['#f9e79f', '#fef9e7'], hills: meadow, variant: 6 }],
    updates: [{ content: 'Kedir has registered for his first semester and bought his books. We are very close to the goal!', daysAgo: 3 }],
  },
  {
    organiser: 2,
    title: "Seeds and a water pump for Adama's women farmers",
    description:
      'Thirty women in a farming cooperative near Adama grow onions and tomatoes on rented land. In the dry season their plots go unwatered and their income stops.\n\n' +
      'A motor pump, hoses and improved seed for the next season would let them harvest twice a year. The cooperative will repay a third of the cost into a fund for the next group of women.',
    categorySlug: 'agriculture',
    city: 'Adama',
    currency: 'ETB',
    goalAmount: '250000',
    daysAgo: 38,
    funded: 0.44,
    pictures: [{ motif: 'field', sky: ['#f8c471', '#fdf2e9'], hills: dry, variant: 7 }],
  },
  {
    organiser: 1,
    title: 'ከእሳት አደጋ በኋላ ቤታችንን መልሰን እንገንባ',
    description:
      'በደብረ ብርሃን የምንኖረው የአቶ ሙሉጌታ ቤተሰብ ባለፈው ወር በደረሰ የእሳት አደጋ ቤታችንንና ንብረታችንን በሙሉ አጥተናል። እግዚአብሔር ይመስገን፣ ሁላችንም በሕይወት ተርፈናል።\n\n' +
      'አሁን በዘመድ ቤት ተጠግተን እንገኛለን። ሁለት ክፍል ቤት መልሶ ለመገንባት ለቆርቆሮ፣ ለእንጨት፣ ለሲሚንቶና ለአናጢዎች ክፍያ 300,000 ብር ያስፈልገናል።\n\n' +
      'የምታደርጉልን ድጋፍ ልጆቻችንን ወደ ራሳቸው ቤት ይመልሳቸዋል።',
    beneficiaryName: 'የአቶ ሙሉጌታ ቤተሰብ',
    categorySlug: 'housing',
    city: 'Debre Birhan',
    currency: 'ETB',
    goalAmount: '300000',
    daysAgo: 17,
    funded: 0.61,
    pictures: [{ motif: 'house', sky: ['#fad7a0', '#fef5e7'], hills: highland, variant: 8 }],
  },
  {
    organiser: 0,
    title: "A new roof for St. Mary's church school in Lalibela",
    description:
      "The church school beside St. Mary's in Lalibela teaches reading, writing and the Ge'ez alphabet to 120 children. Its tin roof is rusted through, and lessons stop whenever it rains.\n\n" +
      'The parish has collected half of the cost. We are asking the Lalibela community abroad to help with the rest: $20,000 for the roof, gutters and new benches.',
    categorySlug: 'faith',
    city: 'Lalibela',
    currency: 'USD',
    goalAmount: '20000',
    daysAgo: 52,
    funded: 0.31,
    pictures: [{ motif: 'church', sky: ['#d7bde2', '#f5eef8'], hills: highland, variant: 9 }],
  },
  {
    organiser: 2,
    title: 'Running shoes and race fees for the Kolfe girls track club',
    description:
      'Every morning at six, twenty girls train on the dirt track in Kolfe with their coach, a former national team runner. Most run in worn plastic sandals.\n\n' +
      'This season we bought proper shoes and paid the entry fees for the regional championships, where four of the girls won medals. Thank you to everyone who made it possible.',
    categorySlug: 'sports',
    city: 'Addis Ababa',
    currency: 'USD',
    goalAmount: '3500',
    daysAgo: 70,
    funded: 1.14,
    status: 'CLOSED',
    closedDaysAgo: 4,
    pictures: [{ motif: 'track', sky: ['#f5cba7', '#fbeee6'], hills: dry, variant: 10 }],
    updates: [{ content: 'Four medals at the regionals! The fundraiser is closed; thank you all.', daysAgo: 4 }],
  },
  {
    organiser: 3,
    title: "Looms for a women's weaving group in Harar",
    description:
      'Twelve women in Harar weave the colourful baskets and shawls the city is known for, on looms borrowed by the hour. Owning six looms would let them fill the orders from shops in Addis Ababa and Dire Dawa.\n\n' +
      'The group has a workshop and a bookkeeper; what it lacks is the equipment. Your gift becomes their livelihood.',
    categorySlug: 'business',
    city: 'Harar',
    currency: 'ETB',
    goalAmount: '90000',
    daysAgo: 1,
    funded: 0.07,
    pictures: [{ motif: 'weave', sky: ['#f7dc6f', '#fef9e7'], hills: dry, variant: 11 }],
  },
];
