// Written by scripts/build-fonts.ts: run it again rather than editing this file.
// Without no-inline, the build would inline the smallest file as a data: URL, which the
// Content-Security-Policy's font-src refuses.
import label from './ethiopic-label.woff2?url&no-inline';
import common from './ethiopic-common.woff2?url&no-inline';
import rare from './ethiopic-rare.woff2?url&no-inline';
import rest from './ethiopic-rest.woff2?url&no-inline';

/** Noto Sans Ethiopic, regular, in files that a page fetches only for the characters it shows. */
export const ethiopicFiles: readonly { url: string; unicodeRange: string }[] = [
  { url: label, unicodeRange: 'U+121B, U+122D, U+129B, U+12A0' },
  { url: common, unicodeRange: 'U+1200-1211, U+1214-1215, U+1218-121A, U+121C-1220, U+1223, U+1225-1226, U+1228-122C, U+122E-1247, U+124B, U+1260-1268, U+126A-126C, U+1270-127F, U+1283, U+1285, U+128B, U+1290-129A, U+129C-129F, U+12A1-12AF, U+12B3, U+12B8, U+12C8-12CF, U+12D3, U+12D5, U+12D8-12DF, U+12E2-12E3, U+12E5, U+12E8-12F7, U+1300-130F, U+1313, U+1320-1328, U+132A-132B, U+132D-132E, U+1335, U+1338-1339, U+133B, U+133D-133E, U+1340, U+1343, U+1345, U+1348-134F, U+1352-1356, U+1360-1368' },
  { url: rare, unicodeRange: 'U+1212-1213, U+1216-1217, U+1221-1222, U+1224, U+1227, U+1248-124A, U+124C-124D, U+1269, U+126D-126F, U+1280-1282, U+1284, U+1286-128A, U+128C-128D, U+12B0-12B2, U+12B4-12B5, U+12B9-12BE, U+12D0-12D2, U+12D4, U+12D6, U+12E0-12E1, U+12E4, U+12E6-12E7, U+1310-1312, U+1314-1315, U+1329, U+132C, U+132F-1334, U+1336-1337, U+133A, U+133C, U+133F, U+1341-1342, U+1344, U+1346-1347, U+1350-1351, U+1357' },
  { url: rest, unicodeRange: 'U+1250-125D, U+12C0-12C5, U+12F8-12FF, U+1318-131F, U+1358-135F, U+1369-137C, U+1380-1399, U+2D80-2DDE, U+AB01-AB2E, U+1E7E0-1E7FE' },
];
