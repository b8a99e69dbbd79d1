/**
 * The blog in Chromium (product.md §2 'Blog', 'Blog post', 'Blog Management'; decision 0030): the public
 * list and post pages on the demo posts (3 published, 1 draft), 404 for drafts and unknown slugs,
 * Share falling back to the clipboard; staff write a post with the editor (toolbar buttons and a
 * pasted picture), save a draft that is not public, publish it, read it, edit it and delete it;
 * an XSS payload never runs; axe finds nothing on the blog pages and the admin dialog.
 */
import type { Browser } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axeViolations, DEVICES, launchBrowser, openPage, visit } from './support/browser.ts';
import { fetchPage, linkHrefs, titleOf } from './support/html.ts';
import { urlOf } from './support/server.ts';
import { signIn, toastRegion } from './support/admin.ts';

const DEMO_POST = '/blog/how-to-identify-a-trailer-axle-by-its-tag';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe('public blog', () => {
  it('lists the published posts as cards, never the draft, with at most 3 tags each', async () => {
    const { context, page, problems } = await openPage(browser, 'desktop');
    try {
      await visit(page, '/blog');
      const cards = page.locator('article');
      expect(await cards.count()).toBe(3);
      expect(await page.getByText('Read More').count()).toBe(3);
      for (let i = 0; i < 3; i++) {
        const card = cards.nth(i);
        expect(await card.locator('time').textContent()).toMatch(/ago|yesterday|last/);
        expect(await card.getByText(/\d+ min read/).count()).toBe(1);
        expect(await card.getByRole('list').getByRole('listitem').count()).toBeLessThanOrEqual(3);
        expect(await card.locator('img').getAttribute('width')).toBe('1600');
      }
      const html = (await fetchPage('/blog')).html;
      expect(html).not.toContain('/blog/hydraulic-hose-failures-spotting-trouble-before-it-blows');
      expect(linkHrefs(html, 'alternate')).toContain('/blog/rss.xml');
      expect(problems.errors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('shows a post with back link, meta line, Share, tags, clean body, call to action, meta and Article JSON-LD', async () => {
    const raw = await fetchPage(DEMO_POST);
    expect(raw.status).toBe(200);
    // its own meta title ('… | Manitoba Trailer Parts', 66 characters) held to 60: its ' | …' part
    // goes first (issue 31 item 10); the title without it would end in the site's brand instead
    expect(titleOf(raw.html)).toBe('How to Identify a Trailer Axle by Its Tag');
    expect(linkHrefs(raw.html, 'canonical')).toEqual([urlOf(DEMO_POST)]);
    const ld = [...raw.html.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/gs)]
      .map((m) => JSON.parse(m[1]!) as Record<string, unknown>)
      .find((d) => d['@type'] === 'Article');
    expect(ld).toMatchObject({
      headline: 'How to Identify a Trailer Axle by Its Tag',
      author: { name: expect.any(String) },
    });
    expect(String((ld!.image as string[])[0])).toMatch(/^http.*\/uploads\//);
    // React Router's scripts stay out; only the chrome and the share script
    expect(raw.html).not.toContain('__reactRouterContext');

    const { context, page, problems } = await openPage(browser, 'phone');
    try {
      await visit(page, DEMO_POST);
      await page
        .getByRole('heading', { level: 1, name: 'How to Identify a Trailer Axle by Its Tag' })
        .waitFor();
      await page.getByRole('link', { name: 'Back to Blog' }).waitFor();
      await page.getByRole('heading', { name: 'Where to find the tag' }).waitFor();
      await page.locator('#main').getByRole('link', { name: 'Find My Part' }).waitFor();
      expect(await page.getByRole('link', { name: 'Text Us' }).getAttribute('href')).toMatch(/^sms:/);
      expect(problems.errors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('Share copies the link when the Web Share API is missing', async () => {
    const { context, page } = await openPage(browser, 'desktop');
    try {
      await context.grantPermissions(['clipboard-read', 'clipboard-write']);
      await page.addInitScript(() => {
        delete (Navigator.prototype as { share?: unknown }).share;
      });
      await visit(page, DEMO_POST);
      await page.getByRole('button', { name: 'Share' }).click();
      await page.getByRole('status').filter({ hasText: 'Link copied' }).waitFor();
      expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(urlOf(DEMO_POST));
    } finally {
      await context.close();
    }
  });

  it('answers 404 "Blog Post Not Found" for a draft and an unknown slug', async () => {
    for (const path of [
      '/blog/no-such-post',
      '/blog/hydraulic-hose-failures-spotting-trouble-before-it-blows',
    ]) {
      const raw = await fetchPage(path);
      expect(raw.status).toBe(404);
      expect(raw.html).toContain('Blog Post Not Found');
      expect(raw.html).toContain(
        'The blog post you&#x27;re looking for doesn&#x27;t exist or has been removed.',
      );
      expect(raw.html).toContain('Back to Blog');
    }
  });

  it('serves the RSS feed with the published posts', async () => {
    const res = await fetch(urlOf('/blog/rss.xml'));
    expect(res.status).toBe(200);
    const xml = await res.text();
    expect((xml.match(/<item>/g) ?? []).length).toBe(3);
  });

  for (const device of DEVICES) {
    // axe on these pages: tests/e2e/accessibility.e2e.test.ts
    it(`nothing scrolls sideways on /blog and a post (${device}, a phone at 360 px)`, async () => {
      const { context, page } = await openPage(
        browser,
        device,
        device === 'phone' ? { width: 360, height: 780 } : undefined,
      );
      try {
        for (const path of ['/blog', DEMO_POST, '/blog/no-such-post']) {
          await visit(page, path);
          const overflow = await page.evaluate(
            () => document.documentElement.scrollWidth - window.innerWidth,
          );
          expect({ path, overflow }).toEqual({ path, overflow: 0 });
        }
      } finally {
        await context.close();
      }
    });
  }
});

describe('Blog Management', () => {
  it('staff write a post with the editor, save a draft, publish, read, edit and delete it', async () => {
    const { context, page, problems } = await openPage(browser, 'desktop');
    try {
      await signIn(page);
      await page.getByRole('heading', { name: 'Blog Management' }).waitFor();
      await page.getByText('Create and manage blog posts for the product').waitFor();
      expect(await page.getByRole('link', { name: 'View Blog' }).getAttribute('href')).toBe('/blog');
      for (const column of ['Title', 'Status', 'Author', 'Created', 'Published', 'Actions']) {
        await page.getByRole('columnheader', { name: column }).waitFor();
      }
      const draftRow = page
        .getByRole('row')
        .filter({ hasText: '/blog/hydraulic-hose-failures-spotting-trouble-before-it-blows' });
      await draftRow.getByText('draft').waitFor();
      // view only for published posts; publish only for drafts
      expect(await draftRow.getByRole('link', { name: /^View/ }).count()).toBe(0);
      const liveRow = page.getByRole('row').filter({ hasText: DEMO_POST });
      await liveRow.getByRole('link', { name: /^View/ }).waitFor();
      expect(await liveRow.getByRole('button', { name: /^Publish/ }).count()).toBe(0);

      await page.getByRole('button', { name: 'New Post' }).click();
      const dialog = page.getByRole('dialog', { name: 'Create New Blog Post' });
      await dialog.waitFor();
      await dialog.getByRole('textbox', { name: 'Title', exact: true }).fill('Spring Hitch Inspection');
      expect(await dialog.getByLabel('URL Slug').inputValue()).toBe('spring-hitch-inspection');
      expect(await dialog.getByLabel('Read Time (Minutes)').inputValue()).toBe('5');
      expect(await dialog.getByLabel('Allow Comments').isChecked()).toBe(true);
      expect(await dialog.getByLabel('Featured Post').isChecked()).toBe(false);

      const editor = dialog.getByRole('textbox', { name: 'Content' });
      await editor.waitFor();
      expect(await editor.locator('p').getAttribute('data-placeholder')).toBe('Start writing...');
      const box = await editor.boundingBox();
      expect(box!.height).toBeGreaterThanOrEqual(300);
      await editor.click();
      await dialog.getByRole('button', { name: 'Heading 2' }).click();
      await page.keyboard.type('Check the coupler');
      await page.keyboard.press('Enter');
      await dialog.getByRole('button', { name: 'Bold' }).click();
      await page.keyboard.type('Grease it');
      await dialog.getByRole('button', { name: 'Bold' }).click();
      await page.keyboard.type(' before the season.');
      await page.keyboard.press('Enter');
      await dialog.getByRole('button', { name: 'Bullet list' }).click();
      await page.keyboard.type('Safety chains');
      await page.keyboard.press('Enter');
      await page.keyboard.type('Breakaway cable');
      await dialog.getByRole('button', { name: 'Undo' }).waitFor();

      // paste a picture: uploaded and inserted by URL, not as base64 data
      const png = (
        await sharp({ create: { width: 320, height: 200, channels: 3, background: '#c2410c' } })
          .png()
          .toBuffer()
      ).toString('base64');
      await editor.evaluate((el, b64) => {
        const bytes = Uint8Array.from(atob(b64), (c) => c.charCodeAt(0));
        const data = new DataTransfer();
        data.items.add(new File([bytes], 'hitch-pin.png', { type: 'image/png' }));
        el.dispatchEvent(
          new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }),
        );
      }, png);
      const pasted = editor.locator('img[src^="/uploads/blog/"]');
      await pasted.waitFor();
      expect(await pasted.getAttribute('width')).toBe('320');
      expect(await editor.locator('img[src^="data:"]').count()).toBe(0);

      await dialog.getByLabel('Tags (comma separated)').fill('Hitches, Safety, , Spring');
      await dialog.getByLabel('Meta Description').fill('Check your hitch before spring work.');
      await dialog.getByText('36/160 characters').waitFor();
      await dialog.getByRole('button', { name: 'Save Draft' }).click();
      await toastRegion(page).getByText('Blog post created!').waitFor();
      await toastRegion(page).getByText('Your changes have been saved successfully.').waitFor();
      await dialog.waitFor({ state: 'detached' });

      const row = page.getByRole('row').filter({ hasText: '/blog/spring-hitch-inspection' });
      await row.getByText('draft').waitFor();
      expect((await fetchPage('/blog/spring-hitch-inspection')).status).toBe(404);

      await row.getByRole('button', { name: 'Publish Spring Hitch Inspection' }).click();
      await toastRegion(page).getByText('Blog post published!').waitFor();
      await row.getByText('published').waitFor();
      await row.getByRole('link', { name: 'View Spring Hitch Inspection' }).waitFor();

      const reader = await context.newPage();
      await visit(reader, '/blog/spring-hitch-inspection');
      await reader.getByRole('heading', { level: 1, name: 'Spring Hitch Inspection' }).waitFor();
      await reader.getByRole('heading', { level: 2, name: 'Check the coupler' }).waitFor();
      expect(await reader.locator('article strong', { hasText: 'Grease it' }).count()).toBe(1);
      expect(await reader.locator('article li', { hasText: 'Breakaway cable' }).count()).toBe(1);
      expect(
        await reader.locator('article ul:not(#post-body *)').first().getByRole('listitem').allTextContents(),
      ).toEqual(['Hitches', 'Safety', 'Spring']);
      // no featured image: no picture and no empty placeholder block above the body (only the
      // pasted picture, inside the body)
      expect(await reader.locator('article :is(img, [role="img"]):not(#post-body *)').count()).toBe(0);
      // ...and on the list, its card starts with its date, not with an empty block
      await visit(reader, '/blog');
      const card = reader.locator('article').filter({ hasText: 'Spring Hitch Inspection' });
      expect(await card.locator(':is(img, [role="img"])').count()).toBe(0);
      expect(await card.locator(':scope > *').first().locator('time').count()).toBe(1);
      await reader.close();

      await row.getByRole('button', { name: 'Edit Spring Hitch Inspection' }).click();
      const edit = page.getByRole('dialog', { name: 'Edit Blog Post' });
      await edit.waitFor();
      expect(await edit.getByLabel('Tags (comma separated)').inputValue()).toBe('Hitches, Safety, Spring');
      await edit.getByRole('textbox', { name: 'Content' }).waitFor();
      await edit.getByRole('textbox', { name: 'Title', exact: true }).fill('Spring Hitch Inspection Guide');
      expect(await edit.getByLabel('URL Slug').inputValue()).toBe('spring-hitch-inspection');
      await edit.getByRole('button', { name: 'Update Post' }).click();
      await toastRegion(page).getByText('Blog post updated!').waitFor();
      await page.getByRole('row').filter({ hasText: 'Spring Hitch Inspection Guide' }).waitFor();

      await row.getByRole('button', { name: 'Delete Spring Hitch Inspection Guide' }).click();
      const confirm = page.getByRole('alertdialog', { name: 'Delete Blog Post' });
      await confirm
        .getByText(
          'Are you sure you want to delete "Spring Hitch Inspection Guide"? This action cannot be undone.',
        )
        .waitFor();
      await confirm.getByRole('button', { name: 'Cancel' }).click();
      await confirm.waitFor({ state: 'detached' });
      await row.getByRole('button', { name: 'Delete Spring Hitch Inspection Guide' }).click();
      await page
        .getByRole('alertdialog', { name: 'Delete Blog Post' })
        .getByRole('button', { name: 'Delete' })
        .click();
      await toastRegion(page).getByText('Blog post deleted').waitFor();
      await row.waitFor({ state: 'detached' });
      expect((await fetchPage('/blog/spring-hitch-inspection')).status).toBe(404);
      expect(problems.errors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('staff give a post a featured image, then remove it with the keyboard', async () => {
    const { context, page, problems } = await openPage(browser, 'desktop');
    try {
      await signIn(page);
      await page.getByRole('button', { name: 'New Post' }).click();
      const dialog = page.getByRole('dialog', { name: 'Create New Blog Post' });
      await dialog.getByRole('textbox', { name: 'Title', exact: true }).fill('Pictured Then Plain');
      const editor = dialog.getByRole('textbox', { name: 'Content' });
      await editor.click();
      await page.keyboard.type('A post that loses its picture.');
      const png = await sharp({ create: { width: 640, height: 360, channels: 3, background: '#0f766e' } })
        .png()
        .toBuffer();
      await dialog
        .getByLabel('Featured Image')
        .setInputFiles({ name: 'cover.png', mimeType: 'image/png', buffer: png });
      await dialog.getByRole('button', { name: 'Save Draft' }).click();
      await toastRegion(page).getByText('Blog post created!').waitFor();
      await dialog.waitFor({ state: 'detached' });

      const row = page.getByRole('row').filter({ hasText: '/blog/pictured-then-plain' });
      await row.getByRole('button', { name: 'Edit Pictured Then Plain' }).click();
      const edit = page.getByRole('dialog', { name: 'Edit Blog Post' });
      const current = edit.getByRole('img', { name: 'Current featured' });
      const src = await current.getAttribute('src');
      expect(src).toMatch(/^\/uploads\/blog\//);
      expect((await fetchPage(src!)).status).toBe(200);
      // the button keeps the focus while the picture gives way to the notice, and can undo it
      await edit.getByRole('button', { name: 'Remove image' }).focus();
      await page.keyboard.press('Enter');
      await edit.getByText('The featured image will be removed when you save.').waitFor();
      expect(await current.count()).toBe(0);
      expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Keep image');
      await page.keyboard.press('Enter');
      await current.waitFor();
      await page.keyboard.press('Enter');
      await edit.getByRole('button', { name: 'Update Post' }).click();
      await toastRegion(page).getByText('Blog post updated!').waitFor();
      await edit.waitFor({ state: 'detached' });

      // the post has no featured image any more, and its file is gone from storage
      expect((await fetchPage(src!)).status).toBe(404);
      await row.getByRole('button', { name: 'Edit Pictured Then Plain' }).click();
      const again = page.getByRole('dialog', { name: 'Edit Blog Post' });
      await again.getByLabel('Featured Image').waitFor();
      expect(await again.getByRole('img', { name: 'Current featured' }).count()).toBe(0);
      expect(await again.getByRole('button', { name: 'Remove image' }).count()).toBe(0);
      expect(problems.errors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('a post saved with an XSS payload shows no alert and no script', async () => {
    const { context, page, problems } = await openPage(browser, 'desktop');
    try {
      await signIn(page);
      const slug = await page.evaluate(async () => {
        const headers = { 'X-CSRF-Token': localStorage.getItem('adminToken') ?? '' };
        const body = new FormData();
        body.append('title', 'XSS Probe');
        body.append(
          'content',
          '<p>Safe text</p><script>alert("xss")</script><img src=x onerror="alert(1)"><a href="javascript:alert(2)">click</a><p onmouseover="alert(3)">hover</p><svg onload="alert(4)"></svg><iframe src="javascript:alert(5)"></iframe>',
        );
        const res = await fetch('/api/admin/blog', { method: 'POST', body, headers, credentials: 'include' });
        const post = (await res.json()) as { id: number; slug: string };
        await fetch(`/api/admin/blog/${post.id}/publish`, {
          method: 'POST',
          headers,
          credentials: 'include',
        });
        return post.slug;
      });
      const dialogs: string[] = [];
      const reader = await context.newPage();
      reader.on('dialog', async (d) => {
        dialogs.push(d.message());
        await d.dismiss();
      });
      await visit(reader, `/blog/${slug}`);
      await reader.getByText('Safe text').waitFor();
      await reader.getByText('hover').hover();
      await reader.getByText('click').click();
      const body = await reader.locator('#post-body').innerHTML();
      expect(body).toBe('<p>Safe text</p><a>click</a><p>hover</p>');
      // the only inline scripts are the JSON-LD data blocks
      expect(await reader.locator('script:not([src]):not([type="application/ld+json"])').count()).toBe(0);
      expect(dialogs).toEqual([]);
      expect(problems.errors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  // axe on /admin/blog itself: tests/e2e/accessibility.e2e.test.ts
  it('axe finds nothing on the open post dialog', async () => {
    const { context, page } = await openPage(browser, 'desktop');
    try {
      await signIn(page);
      await page.getByRole('row').nth(1).waitFor();
      await page.getByRole('button', { name: 'New Post' }).click();
      await page
        .getByRole('dialog', { name: 'Create New Blog Post' })
        .getByRole('textbox', { name: 'Content' })
        .waitFor();
      expect(await axeViolations(page)).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
