import { describe, expect, it } from 'vitest';
import { checkNewPhotos, isPhotoFile } from './lead-request.ts';

describe('which picked files are photos (issue 31 item 9)', () => {
  it.each([
    ['IMG_0001.jpg', 'image/jpeg', true],
    ['tag.PNG', 'image/png', true],
    ['shot.webp', 'image/webp', true],
    ['IMG_0002.HEIC', 'image/heic', true],
    ['scan.tif', 'image/tiff', true],
    ['odd.jpg', 'image/jpg', true],
    // some phones give a HEIC no type at all: its name says what it is
    ['IMG_0003.HEIC', '', true],
    ['IMG_0004.jpeg', 'application/octet-stream', true],
    // pictures the server's pipeline refuses, and documents
    ['diagram.svg', 'image/svg+xml', false],
    ['icon.ico', 'image/x-icon', false],
    ['layers.psd', 'image/vnd.adobe.photoshop', false],
    ['invoice.pdf', 'application/pdf', false],
    ['notes.txt', 'text/plain', false],
    ['README', '', false],
    ['setup.exe', 'application/octet-stream', false],
  ])('%s (%s): %s', (name, type, photo) => {
    expect(isPhotoFile({ name, type })).toBe(photo);
  });

  it('names each refused file in its message when picked, keeping the photos', () => {
    const result = checkNewPhotos(0, [
      { name: 'diagram.svg', type: 'image/svg+xml', size: 500 },
      { name: 'IMG_0003.HEIC', type: '', size: 2_000_000 },
      { name: 'invoice.pdf', type: 'application/pdf', size: 80_000 },
    ]);
    expect(result.accepted.map((f) => f.name)).toEqual(['IMG_0003.HEIC']);
    expect(result.alerts).toEqual(['diagram.svg is not an image file', 'invoice.pdf is not an image file']);
  });
});
