import type { Browser } from 'playwright-core';

/**
 * Paints a synthetic hull image in the browser: red antifouling paint with slime patches and
 * barnacle dots, so the suite has a second image without shipping another binary fixture.
 */
export async function paintHullImage(browser: Browser, width = 640, height = 480): Promise<Buffer> {
  const page = await browser.newPage();
  try {
    const dataUrl = await page.evaluate(
      ({ width, height }) => {
        const canvas = document.createElement('canvas');
        canvas.width = width;
        canvas.height = height;
        const context = canvas.getContext('2d');
        if (!context) throw new Error('no 2d context');
        context.fillStyle = '#9c2a22';
        context.fillRect(0, 0, width, height);
        let seed = 7;
        const random = () => {
          seed = (seed * 16807) % 2147483647;
          return seed / 2147483647;
        };
        context.fillStyle = 'rgba(86, 110, 52, 0.75)';
        for (let patch = 0; patch < 14; patch += 1) {
          context.beginPath();
          context.ellipse(
            random() * width,
            random() * height,
            20 + random() * 70,
            10 + random() * 40,
            random() * 3,
            0,
            7,
          );
          context.fill();
        }
        context.fillStyle = '#e8e4da';
        for (let dot = 0; dot < 220; dot += 1) {
          context.beginPath();
          context.arc(random() * width, height * 0.55 + random() * height * 0.45, 2 + random() * 4, 0, 7);
          context.fill();
        }
        return canvas.toDataURL('image/png');
      },
      { width, height },
    );
    return Buffer.from(dataUrl.slice(dataUrl.indexOf(',') + 1), 'base64');
  } finally {
    await page.close();
  }
}
