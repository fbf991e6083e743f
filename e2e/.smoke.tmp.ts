import { launchBrowser, newPage } from './support/browser';
import { startServer } from './support/server';

const server = await startServer();
const browser = await launchBrowser();
try {
  const { page, consoleErrors } = await newPage(browser, server.url);
  await page.goto('/user/login');
  await page.getByRole('button', { name: 'Sign in' }).waitFor();
  await page.screenshot({ path: '/tmp/webshots/login.png' });
  await page.goto('/user/register');
  await page.getByRole('button', { name: 'Sign up' }).click();
  await page.screenshot({ path: '/tmp/webshots/register.png' });
  await page.goto('/nowhere');
  await page.screenshot({ path: '/tmp/webshots/notfound.png' });
  await page.goto('/legal/terms-of-use/');
  await page.screenshot({ path: '/tmp/webshots/terms.png' });
  console.log('console errors', consoleErrors);
} finally {
  await browser.close();
  await server.stop();
}
