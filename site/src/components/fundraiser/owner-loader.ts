/**
 * Loads the owner's controls where the page has a host for them: the server renders it only
 * for the fundraiser's organiser or an admin (it asked the API with the visitor's cookie), so
 * everybody else downloads nothing more.
 */
const host = document.getElementById('owner-panel');
if (host) void import('./owner-panel').then((module) => module.mountOwnerPanel(host));
