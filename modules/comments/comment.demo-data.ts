/** People who leave the demo comments: verified accounts without a password (nobody signs in as them). */
export const demoSupporters = [
  { email: 'tigist.alemu@example.com', firstName: 'Tigist', lastName: 'Alemu', language: 'en' },
  { email: 'samuel.girma@example.com', firstName: 'ሳሙኤል', lastName: 'ግርማ', language: 'am' },
  { email: 'hiwot.assefa@example.com', firstName: 'Hiwot', lastName: 'Assefa', language: 'en' },
  { email: 'birhanu.tadesse@example.com', firstName: 'ብርሃኑ', lastName: 'ታደሰ', language: 'am' },
  { email: 'liya.getachew@example.com', firstName: 'Liya', lastName: 'Getachew', language: 'en' },
  { email: 'yohannes.desta@example.com', firstName: 'Yohannes', lastName: 'Desta', language: 'en' },
] as const;

/** Who wrote or liked a demo comment: a supporter (index into demoSupporters) or the fundraiser's organiser. */
export type DemoPerson = number | 'organiser';

export interface DemoComment {
  by: DemoPerson;
  content: string;
  /** Written this many hours ago (never before the fundraiser started). */
  hoursAgo: number;
  likedBy: DemoPerson[];
}

/** A few conversations, by fundraiser title: thanks, encouragement and the organisers' answers. */
export const demoComments: Record<string, DemoComment[]> = {
  'Heart surgery for seven-year-old Yonas': [
    { by: 0, hoursAgo: 75, likedBy: [1, 4, 'organiser'], content: 'Praying for Yonas and his family. I shared this with our church group in Washington, DC.' },
    {
      by: 5,
      hoursAgo: 50,
      likedBy: [0, 'organiser'],
      content: 'My daughter had the same operation two years ago, and today she runs everywhere.\nStay strong, Yonas!',
    },
    {
      by: 'organiser',
      hoursAgo: 26,
      likedBy: [0, 4, 5],
      content: 'Thank you all so much. The hospital has confirmed a date for the surgery, and we will post an update as soon as we can.',
    },
    { by: 3, hoursAgo: 5, likedBy: [1], content: 'ፈጣሪ ይማርህ ዮናስ። ቤተሰቦቹም በርቱ!' },
  ],
  'ለሐና እና ለወንድሞቿ የትምህርት ቤት ክፍያ': [
    { by: 1, hoursAgo: 96, likedBy: [3, 'organiser'], content: 'ትምህርት የነገ መሠረት ነው። ሐና እና ወንድሞቿ በርቱ!' },
    { by: 4, hoursAgo: 30, likedBy: [], content: 'So glad to help. School changed my life too.' },
    { by: 'organiser', hoursAgo: 20, likedBy: [1, 3], content: 'ስለ ድጋፋችሁ ከልብ እናመሰግናለን። የመጀመሪያው ወሰነ ትምህርት ክፍያ ተከፍሏል።' },
  ],
  'Flood relief for families in Sabian, Dire Dawa': [
    { by: 2, hoursAgo: 30, likedBy: [0], content: 'Our thoughts are with everyone in Sabian. Can we send blankets as well?' },
    {
      by: 'organiser',
      hoursAgo: 28,
      likedBy: [2, 5],
      content: 'Thank you, Hiwot. For now money is the fastest way: we buy blankets and food in Dire Dawa and hand them out with the kebele.',
    },
  ],
  'A clean water well for Dore Bafano village': [
    { by: 5, hoursAgo: 240, likedBy: [0, 2], content: 'Clean water changes everything for a village. Happy to be part of this.' },
    { by: 1, hoursAgo: 48, likedBy: [5, 'organiser'], content: 'ውኃው ሲወጣ ፎቶ ላኩልን!' },
  ],
  'ለእናታችን የኩላሊት እጥበት ሕክምና': [
    { by: 3, hoursAgo: 70, likedBy: [1, 'organiser'], content: 'እግዚአብሔር እናታችሁን ይማርላችሁ። ሁላችንም ከጎናችሁ ነን።' },
    { by: 0, hoursAgo: 22, likedBy: [], content: 'Sending love from Toronto. Wishing your mother a quick recovery.' },
  ],
};
