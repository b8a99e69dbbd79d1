// The site chrome's behaviour without React: quote-button click tracking, <details> menus
// that close when a link is chosen, on a click elsewhere, or on Escape, and broken pictures that
// fall back to the placeholder (product.md §8). Pages that ship no React still get all of it; hydrated
// pages share it.
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

  const PLACEHOLDER = '/catalog-placeholder.svg';
  const fallBack = (img) => {
    if (img.getAttribute('src') === PLACEHOLDER) return;
    img.removeAttribute('srcset');
    img.src = PLACEHOLDER;
  };
  // errors do not bubble: listen in the capture phase; pictures that failed before this script ran
  // are caught by the sweep below
  document.addEventListener(
    'error',
    (event) => {
      if (event.target instanceof HTMLImageElement) fallBack(event.target);
    },
    true,
  );
  for (const img of document.images) {
    if (img.complete && img.naturalWidth === 0 && img.getAttribute('src')) fallBack(img);
  }

  document.addEventListener('keydown', (event) => {
    if (event.key !== 'Escape') return;
    for (const menu of openMenus()) {
      menu.open = false;
      menu.querySelector('summary')?.focus();
    }
  });
})();
