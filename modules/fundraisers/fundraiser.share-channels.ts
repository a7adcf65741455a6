/** Where a share goes, as the share buttons name it; what a shared address carries as `?s=`. */
export const shareChannels = ['telegram', 'whatsapp', 'facebook', 'x', 'email', 'copy'] as const;
export type ShareChannel = (typeof shareChannels)[number];
/** How a visitor (and their donation) came: through a share of one channel, or `direct` (anything else). */
export const visitChannels = [...shareChannels, 'direct'] as const;
export type VisitChannel = (typeof visitChannels)[number];

/** The channel a `?s=` names; one the platform does not know is direct. */
export const channelOf = (s: string | null | undefined): VisitChannel => ((shareChannels as readonly string[]).includes(s ?? '') ? (s as VisitChannel) : 'direct');
