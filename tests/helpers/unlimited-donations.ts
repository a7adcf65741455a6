/**
 * Starting donations without the per-address and per-session limits, for suites and
 * benchmarks whose many donors all come from one loopback address. The limits themselves are
 * tested where they are set (modules/donations/donation.limits.test.ts).
 */
export const unlimitedDonations = { DONATIONS_PER_ADDRESS: '1000000', DONATIONS_PER_SESSION: '1000000' };
