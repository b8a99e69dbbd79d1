// The site chrome's behaviour without React: quote-button click tracking and <details> menus
// that close when a link is chosen, on a click elsewhere, or on Escape. Pages that ship no React
// still get all of it; hydrated pages share it.
(() => {
  const openMenus = () => document.querySelectorAll('details[data-menu][open]');

  function track(link) {
    const body = JSON.stringify({
      buttonType: link.dataset.trackType,
      buttonLocation: link.dataset.trackLocation,
      buttonText: link.dataset.trackText,
    });
    try {
      fetch('/api/clicks', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        credentials: 'include',
        keepalive: true,
        body,
      })
        .then((res) => {
          if (!res.ok) console.warn(`Click tracking failed: ${res.status}`);
        })
        .catch((err) => console.warn('Click tracking failed:', err));
    } catch (err) {
      console.warn('Click tracking failed:', err);
    }
  }

  document.addEventListener('click', (event) => {
    const target = event.target instanceof Element ? event.target : null;
    const link = target?.closest('a');
    if (link?.dataset.trackType) track(link);
    for (const menu of openMenus()) {
      if (!target || !menu.contains(target) || (link && menu.contains(link))) menu.open = false;
    }
  });

  document.addEventListener('keydown', (event) => {
    if (event.key !== 'Escape') return;
    for (const menu of openMenus()) {
      menu.open = false;
      menu.querySelector('summary')?.focus();
    }
  });
})();
