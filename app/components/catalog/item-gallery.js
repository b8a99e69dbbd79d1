// The item page's gallery without React (the catalog pages ship no React, decision 0112). The
// server renders each thumbnail as a link to its picture, which is what works with JavaScript off;
// this script turns them into toggle buttons that show their picture in the main image: Tab moves
// through them, Enter or Space (or a tap) shows one, and arrow keys, Home and End move along the
// strip and show the picture they land on (product.md §2 'Catalog item'). item-gallery.tsx does the same
// when React renders the page.
(() => {
  for (const group of document.querySelectorAll('[data-gallery]')) {
    const main = group.parentElement?.querySelector('img[data-gallery-main]');
    if (!main) continue;
    const selected = (group.dataset.selected || '').split(' ').filter(Boolean);
    const unselected = (group.dataset.unselected || '').split(' ').filter(Boolean);

    const buttons = [...group.querySelectorAll('a[data-gallery-thumb]')].map((link) => {
      const button = document.createElement('button');
      button.type = 'button';
      button.className = link.className;
      button.classList.remove('block');
      button.setAttribute('aria-label', link.getAttribute('aria-label') || '');
      button.dataset.src = link.getAttribute('href') || '';
      button.dataset.alt = link.dataset.alt || '';
      button.append(...link.childNodes);
      link.replaceWith(button);
      return button;
    });

    const show = (index) => {
      const button = buttons[index];
      if (main.getAttribute('src') !== button.dataset.src) main.src = button.dataset.src;
      main.alt = button.dataset.alt;
      buttons.forEach((b, i) => {
        b.setAttribute('aria-pressed', String(i === index));
        b.classList.remove(...(i === index ? unselected : selected));
        b.classList.add(...(i === index ? selected : unselected));
      });
    };
    show(0);

    buttons.forEach((button, index) => {
      button.addEventListener('click', () => show(index));
      button.addEventListener('keydown', (event) => {
        const last = buttons.length - 1;
        const next = {
          ArrowRight: index === last ? 0 : index + 1,
          ArrowDown: index === last ? 0 : index + 1,
          ArrowLeft: index === 0 ? last : index - 1,
          ArrowUp: index === 0 ? last : index - 1,
          Home: 0,
          End: last,
        }[event.key];
        if (next === undefined) return;
        event.preventDefault();
        show(next);
        buttons[next].focus();
      });
    });
  }
})();
