/**
 * Text that somebody else chose (a person's name, a team's name, a fundraiser's title), made
 * fit to stand in a mail we send to an address they may not own: nothing in it reads as a
 * link to a mail client or to a person pasting it. A mail that carries no link of theirs is
 * worthless to a spammer, whatever the words around it.
 *
 * Width variants and look-alike dots are folded first (NFKC: `ｓｐａｍ．ｅｘａｍｐｌｅ` is
 * `spam.example`), characters that draw nothing are dropped (they could hide a dot from this
 * check and not from a reader), a scheme (`https://`) goes, and every dot between a letter or
 * digit and a letter gets a space after it: `spam.example` becomes `spam. example`, which no
 * mail client links, while `St.Mary` still reads as `St. Mary`. Dotted numbers (an IPv4
 * address) are broken the same way; decimals such as `2.5` are left alone.
 */
export function unlinked(text: string): string {
  return text
    .normalize('NFKC')
    .replace(drawsNothing, '')
    .replace(scheme, '')
    .replace(dottedNumbers, (address) => address.replace(dot, '$& '))
    .replace(domainDot, '$& ');
}

/** Format characters (zero-width spaces and joiners, bidirectional marks) and the soft hyphen. */
const drawsNothing = /[\p{Cf}\u00AD\u034F]/gu;
const scheme = /\b[a-z][a-z0-9+.-]*:\/\//giu;
/** The full stop and the ideographic one, which browsers also take as a dot in an address. */
const dot = /[.\u3002]/gu;
const domainDot = /(?<=[\p{L}\p{N}])[.\u3002](?=\p{L})/gu;
const dottedNumbers = /\b\d{1,3}(?:[.\u3002]\d{1,3}){3}\b/gu;
