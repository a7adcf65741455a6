/**
 * "Show older updates": appends the next updates below the list, from the page's partial
 * (fundraiser/[id]/updates.astro), and moves focus to the first of them. It asks from where
 * the list ends now, so updates the organiser deleted meanwhile shift nothing out of view.
 * Without this script, or if loading fails, the link opens the next page of updates.
 */
export function setUpOlderUpdates(link: HTMLAnchorElement): void {
  const list = document.getElementById('update-list');
  const partialUrl = link.dataset.olderUpdates;
  if (!list || !partialUrl) return;
  // Where this page's list starts among all the updates (0 unless opened at ?updatesPage=N).
  const first = Number(list.dataset.first ?? 0);
  let loading = false;

  link.addEventListener('click', async (event) => {
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    if (loading) return;
    loading = true;
    link.setAttribute('aria-busy', 'true');
    try {
      const response = await fetch(`${partialUrl}?from=${first + list.children.length}`);
      if (!response.ok) throw new Error(`older updates: ${response.status}`);
      const template = document.createElement('template');
      template.innerHTML = await response.text();
      const fetched = template.content.querySelector('ol');
      if (!fetched) throw new Error('older updates: no list in the answer');

      // An update posted meanwhile moves the rest down by one: the one already shown comes again.
      const shown = new Set([...list.querySelectorAll<HTMLElement>('[data-update-id]')].map((item) => item.dataset.updateId));
      const added = [...fetched.querySelectorAll<HTMLElement>('[data-update-id]')].filter((item) => !shown.has(item.dataset.updateId));
      list.append(...added);
      if (Number(fetched.dataset.next) >= Number(fetched.dataset.total)) link.remove();
      else link.href = fetched.dataset.nextHref ?? link.href;
      const firstAdded = added[0];
      if (firstAdded) {
        firstAdded.tabIndex = -1;
        firstAdded.focus();
      }
    } catch (error) {
      console.error(error);
      location.assign(link.href);
    } finally {
      loading = false;
      link.removeAttribute('aria-busy');
    }
  });
}
