/** Every public page and state on a laptop: no axe violations, no console or page errors (tests/e2e/support/accessibility.ts). */
import { expect, it } from 'vitest';
import { describePublicPages, sharedBrowser } from './support/accessibility.ts';
import { axeViolations, openPage, visit } from './support/browser.ts';

await describePublicPages('desktop');

const browser = sharedBrowser();

it('the scan itself reports a picture without a text alternative and grey text on white', async () => {
  const { context, page } = await openPage(browser(), 'desktop');
  try {
    await visit(page, '/');
    await page.evaluate(() => {
      const main = document.querySelector('main')!;
      const picture = document.createElement('img');
      picture.src = '/favicon.ico';
      const faint = document.createElement('p');
      faint.textContent = 'Hard to read';
      Object.assign(faint.style, { color: '#c8c8c8', background: '#ffffff' });
      main.append(picture, faint);
    });
    const rules = (await axeViolations(page)).map((line) => /^\[[^\]]*\] ([\w-]+):/.exec(line)?.[1]);
    expect(rules.sort()).toEqual(['color-contrast', 'image-alt']);
  } finally {
    await context.close();
  }
});
