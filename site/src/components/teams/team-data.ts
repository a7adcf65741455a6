/**
 * What the teams page reads from the API (modules/teams), typed from its schemas, and the
 * calls it makes. Nothing here runs on the server.
 */
import { apiFetch } from '../../lib/api';
import type { Lang, MessagesFor } from '../../i18n';
import type { CreditedDonation, InvitationPreview, MemberView, TeamView } from '../../../../modules/teams/team.schemas.ts';

export type { CreditedDonation, InvitationPreview, MemberView, TeamView };
export type TeamMessages = MessagesFor<'teamPage.'>;

/** The calls of the teams page, in the page's language (error messages come back in it). */
export function teamApi(lang: Lang) {
  const email = (address: string) => `userEmail=${encodeURIComponent(address)}`;
  return {
    teams: (fundraiserId: number) => apiFetch<TeamView[]>(`/api/teams/fundraiser/${fundraiserId}`, { lang }),
    create: (body: { name: string; description: string; fundraiserId: number; creatorId: number; goalAmount: string | null }) =>
      apiFetch<TeamView>('/api/teams', { method: 'POST', body, lang }),
    edit: (teamId: number, body: { name: string; description: string; goalAmount: string | null }) => apiFetch<TeamView>(`/api/teams/${teamId}`, { method: 'PUT', body, lang }),
    remove: (teamId: number) => apiFetch<void>(`/api/teams/${teamId}`, { method: 'DELETE', lang }),
    /** A role only when asked for: left out, a member already on the team keeps theirs. */
    invite: (teamId: number, address: string, coOrganiser: boolean) =>
      apiFetch<{ email: string; status: 'INVITED' | 'MEMBER' }>(`/api/teams/${teamId}/members?${email(address)}${coOrganiser ? '&role=CO_ORGANISER' : ''}`, { method: 'POST', lang }),
    removeMember: (teamId: number, address: string) => apiFetch<{ email: string; status: 'REMOVED' }>(`/api/teams/${teamId}/members?${email(address)}`, { method: 'DELETE', lang }),
    /** A member is taken off by the id the list shows: their address is shown only to who invited them. */
    removeMemberById: (teamId: number, memberId: number) => apiFetch<{ id: number; status: 'REMOVED' }>(`/api/teams/${teamId}/members/${memberId}`, { method: 'DELETE', lang }),
    join: (teamId: number) => apiFetch<TeamView>(`/api/teams/${teamId}/join`, { method: 'POST', lang }),
    credits: (teamId: number) => apiFetch<CreditedDonation[]>(`/api/teams/${teamId}/credits`, { lang }),
    invitation: (token: string) => apiFetch<InvitationPreview>(`/api/teams/invitations/${encodeURIComponent(token)}`, { lang }),
    accept: (token: string) => apiFetch<{ teamId: number; fundraiserId: number }>(`/api/teams/invitations/${encodeURIComponent(token)}/accept`, { method: 'POST', lang }),
    postUpdate: (fundraiserId: number, content: string) => apiFetch<unknown>(`/api/fundraisers/${fundraiserId}/updates`, { method: 'POST', body: { content }, lang }),
  };
}
export type TeamApi = ReturnType<typeof teamApi>;
