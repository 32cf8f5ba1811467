import { describe, expect, it } from 'vitest';
import { failureNotice, isUploadableImage, listNames, megabytes, sortBatch } from './upload-batch';

const file = (name: string, type: string, size = 1000) => ({ name, type, size });

describe('isUploadableImage', () => {
  it('when the browser reports a photo type, then the file is sent', () => {
    expect(isUploadableImage(file('pasta.jpg', 'image/jpeg'))).toBe(true);
    expect(isUploadableImage(file('logo.png', 'image/png'))).toBe(true);
    expect(isUploadableImage(file('hero.webp', 'IMAGE/WEBP'))).toBe(true);
  });

  it('when the file is text, a PDF, an SVG or a TIFF, then it is refused whatever its name', () => {
    expect(isUploadableImage(file('scan.tiff', 'image/tiff'))).toBe(false);
    expect(isUploadableImage(file('notes.png', 'text/plain'))).toBe(false);
    expect(isUploadableImage(file('menu.pdf', 'application/pdf'))).toBe(false);
    expect(isUploadableImage(file('logo.svg', 'image/svg+xml'))).toBe(false);
  });

  it('when the OS gives no type, then the extension decides', () => {
    expect(isUploadableImage(file('IMG_0001.JPG', ''))).toBe(true);
    expect(isUploadableImage(file('sunset.webp', ''))).toBe(true);
    expect(isUploadableImage(file('readme', ''))).toBe(false);
    expect(isUploadableImage(file('drawing.svg', ''))).toBe(false);
  });
});

describe('sortBatch', () => {
  it('when a batch mixes photos, a text file and a huge photo, then each lands in its own group in order', () => {
    const a = file('a.jpg', 'image/jpeg', 500);
    const note = file('note.txt', 'text/plain', 10);
    const huge = file('huge.png', 'image/png', 2001);
    const b = file('b.png', 'image/png', 2000);
    expect(sortBatch([a, note, huge, b], 2000)).toEqual({ images: [a, b], notImages: [note], tooBig: [huge] });
  });

  it('when the batch is only non-images, then nothing is to be sent', () => {
    expect(sortBatch([file('x.txt', 'text/plain')]).images).toEqual([]);
  });
});

describe('listNames', () => {
  it('when there are up to three names, then all are listed', () => {
    expect(listNames(['a.png'])).toBe('a.png');
    expect(listNames(['a.png', 'b.png'])).toBe('a.png and b.png');
    expect(listNames(['a.png', 'b.png', 'c.png'])).toBe('a.png, b.png and c.png');
  });

  it('when there are five names, then three are listed and the rest counted', () => {
    expect(listNames(['a', 'b', 'c', 'd', 'e'])).toBe('a, b, c and 2 more');
  });
});

describe('megabytes', () => {
  it('when the limit is 15 MiB, then it reads "15 MB"', () => {
    expect(megabytes(15 * 1024 * 1024)).toBe('15 MB');
  });
});

describe('failureNotice', () => {
  it('when nothing failed, then there is no notice', () => {
    expect(failureNotice([])).toBeNull();
  });

  it('when the server found the one failed file not to be an image, then the image-only notice names it', () => {
    expect(failureNotice([{ name: 'fake.png', reason: 'You can only upload Images files!' }])).toEqual({
      title: 'You can only upload Images files!',
      description: 'Not uploaded: fake.png',
    });
  });

  it('when one file was too large in pixels, then the upload-failure notice gives the server reason', () => {
    expect(
      failureNotice([{ name: 'pano.jpg', reason: 'This image is too large: at most 50 megapixels are accepted.' }]),
    ).toEqual({
      title: 'Error uploading image!',
      description: 'pano.jpg: This image is too large: at most 50 megapixels are accepted.',
    });
  });

  it('when two files failed for different reasons, then one upload-failure notice names both', () => {
    expect(
      failureNotice([
        { name: 'fake.png', reason: 'You can only upload Images files!' },
        { name: 'lost.jpg', reason: null },
      ]),
    ).toEqual({ title: 'Error uploading image!', description: 'Not uploaded: fake.png and lost.jpg' });
  });
});
