// The catalog filters (the catalog pages ship no React). The form is a
// plain GET form that works with JavaScript off (its 'Show parts' button is in <noscript>); this
// script applies a change at once, going to the address the chosen option carries (data-href, built
// by catalogSearch in catalog-filters.tsx, the other filter kept): the six placeholders and 'Loading parts…' replace the list while
// the next page loads (product.md §2 'Catalog', §9), and that page opens where the visitor was scrolled.
(() => {
  const form = document.querySelector('form[data-catalog-filters]');
  if (!form) return;
  const results = document.querySelector('[data-catalog-results]');
  const status = document.querySelector('[data-catalog-status]');
  const placeholders = document.querySelector('template[data-catalog-loading]');
  const SCROLL_KEY = 'catalog-filter-scroll';

  // a filter change reloads the page: come back to where the filters were
  try {
    const y = window.sessionStorage.getItem(SCROLL_KEY);
    if (y !== null) {
      window.sessionStorage.removeItem(SCROLL_KEY);
      window.scrollTo(0, Number(y));
    }
  } catch {
    // storage refused (private mode): the page opens at the top
  }

  /** The address the select's chosen option carries; the page's own when there is none. */
  function target(select) {
    const option = select instanceof window.HTMLSelectElement ? select.selectedOptions[0] : null;
    return option?.dataset.href || window.location.pathname + window.location.search;
  }

  let shown = null;
  let statusText = '';
  function showLoading() {
    if (shown || !results || !placeholders) return;
    shown = [...results.childNodes];
    results.replaceChildren(placeholders.content.cloneNode(true));
    if (status) {
      statusText = status.textContent;
      status.textContent = status.dataset.loadingText || '';
    }
  }
  function hideLoading() {
    if (!shown) return;
    results.replaceChildren(...shown);
    shown = null;
    if (status) status.textContent = statusText;
  }

  // the select last changed: the address of its choice keeps the other filter as the page has it
  let changed = form.querySelector('select');
  form.addEventListener('change', (event) => {
    changed = event.target;
    const next = target(changed);
    if (next === window.location.pathname + window.location.search) return;
    showLoading();
    try {
      window.sessionStorage.setItem(SCROLL_KEY, String(window.scrollY));
    } catch {
      // no storage: nothing to restore
    }
    window.location.assign(next);
  });
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    showLoading();
    window.location.assign(target(changed));
  });
  // back from the next page out of the back/forward cache: the list and the choices it was made with
  window.addEventListener('pageshow', (event) => {
    if (!event.persisted) return;
    hideLoading();
    form.reset();
  });
})();
