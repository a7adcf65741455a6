/** Demo stories for a fresh local install; a real deployment replaces them with consented ones. */
export const demoTestimonials = [
  {
    name: 'Hanna Tesfaye',
    nameAm: 'ሐና ተስፋዬ',
    role: 'Raised funds for her mother’s kidney transplant',
    roleAm: 'ለእናቷ የኩላሊት ንቅለ ተከላ ገንዘብ አሰባሰበች',
    quote:
      'Our family in Washington, Toronto and Dubai could all give in one evening. Every birr reached the hospital, and the updates kept everyone close to Mama’s recovery.',
    quoteAm:
      'በዋሽንግተን፣ በቶሮንቶና በዱባይ ያሉ ቤተሰቦቻችን በአንድ ምሽት ሁሉም መለገስ ቻሉ። እያንዳንዱ ብር ሆስፒታል ደርሷል፤ የምንለጥፋቸው መረጃዎችም ሁሉንም ከእማዬ መዳን ጋር አቀራርበዋል።',
    city: 'Addis Ababa',
    cityAm: 'አዲስ አበባ',
    sortOrder: 1,
  },
  {
    name: 'Dawit Alemu',
    nameAm: 'ዳዊት አለሙ',
    role: 'Teacher, rebuilt a rural school library',
    roleAm: 'መምህር፤ የገጠር ትምህርት ቤት ቤተ መጻሕፍትን መልሶ ገነባ',
    quote:
      'I shared one link on Telegram and former students answered from all over the world. Three hundred children now have books in Amharic and English.',
    quoteAm:
      'በቴሌግራም አንድ ሊንክ ብቻ አጋራሁ፤ የቀድሞ ተማሪዎቼ ከዓለም ዙሪያ ምላሽ ሰጡ። አሁን ሦስት መቶ ልጆች የአማርኛና የእንግሊዝኛ መጻሕፍት አሏቸው።',
    city: 'Bahir Dar',
    cityAm: 'ባሕር ዳር',
    sortOrder: 2,
  },
  {
    name: 'Meron Haile',
    nameAm: 'ሜሮን ኃይሌ',
    role: 'Organised emergency help after a house fire',
    roleAm: 'ከቤት ቃጠሎ በኋላ አስቸኳይ ርዳታ አስተባበረች',
    quote:
      'Within two days our neighbours had a roof, beds and school uniforms again. No fee was taken, so people knew their gift went where they meant it to.',
    quoteAm:
      'በሁለት ቀናት ውስጥ ጎረቤቶቻችን ጣሪያ፣ አልጋና የትምህርት ቤት ዩኒፎርም በድጋሚ አገኙ። ምንም ክፍያ ስላልተቆረጠ ሰዎች ስጦታቸው ወዳሰቡት ቦታ መድረሱን አውቀዋል።',
    city: 'Hawassa',
    cityAm: 'ሀዋሳ',
    sortOrder: 3,
  },
] as const;
