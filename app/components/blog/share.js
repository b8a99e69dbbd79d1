// The post page's Share button without React (the blog pages ship no React, decision 0030):
// the Web Share API where the browser has it, otherwise the link is copied to the clipboard
// (product.md §2 'Blog post'). The one handler of share-button.tsx's button.
(() => {
  if (window.__blogShareBound) return;
  window.__blogShareBound = true;
  document.addEventListener('click', async (event) => {
    const button = event.target instanceof Element ? event.target.closest('[data-share]') : null;
    if (!button) return;
    const url = button.dataset.shareUrl || window.location.href;
    const title = button.dataset.shareTitle || document.title;
    const status = document.getElementById(button.dataset.shareStatus || '');
    if (window.navigator.share) {
      try {
        await window.navigator.share({ title, url });
        return;
      } catch (err) {
        if (err && err.name === 'AbortError') return;
      }
    }
    try {
      await window.navigator.clipboard.writeText(url);
      if (status) status.textContent = status.dataset.copied || 'Link copied';
    } catch {
      if (status) status.textContent = url;
    }
  });
})();
