import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { jsonResponse, renderWithApp, stubApi } from '@/testing/render';
import { RegisterForm } from './register-form';

/** The input labelled exactly `label` (MUI appends ' *' to required fields' labels). */
function field(label: string): HTMLElement {
  return screen.getByLabelText(new RegExp(`^${label}\\s*\\*?$`), { selector: 'input' });
}

async function fill(user: ReturnType<typeof userEvent.setup>, values: Record<string, string>) {
  for (const [label, value] of Object.entries(values)) await user.type(field(label), value);
}

const valid = {
  Username: 'anna',
  Email: 'anna@reederei-nord.de',
  'First Name': 'Anna',
  'Last Name': 'Berg',
};

describe('the registration form', () => {
  it("marks every empty field 'Required' and sends nothing", async () => {
    const { calls } = stubApi({});
    const user = userEvent.setup();
    renderWithApp(<RegisterForm />, { area: 'auth' });
    await user.click(screen.getByRole('button', { name: 'Sign up' }));
    expect(await screen.findAllByText('Required')).toHaveLength(6);
    expect(calls).toHaveLength(0);
  });

  it('asks for a valid e-mail address and a matching password repeat', async () => {
    stubApi({});
    const user = userEvent.setup();
    renderWithApp(<RegisterForm />, { area: 'auth' });
    await fill(user, { ...valid, Email: 'anna-at-reederei', Password: 'Barnacle-42-Survey' });
    await user.type(field('Repeat Password'), 'Barnacle-42-Surve');
    await user.click(screen.getByRole('button', { name: 'Sign up' }));
    expect(await screen.findByText('Please enter a valid email')).toBeInTheDocument();
    const repeat = field('Repeat Password');
    expect(repeat).toHaveAccessibleDescription('Password repeat must equal the new password');
  });

  it('clears the local storage when it opens', () => {
    stubApi({});
    window.localStorage.setItem('access_token', 'left-over');
    renderWithApp(<RegisterForm />, { area: 'auth' });
    expect(window.localStorage.length).toBe(0);
  });

  it('shows one error toast per field the server refuses, named by its label, a message a line', async () => {
    stubApi({
      'POST /api/user/register/': () =>
        jsonResponse(
          {
            username: ['A user with that username already exists.'],
            email: ['Please register with your company e-mail address.', 'Second reason.'],
          },
          400,
        ),
    });
    const user = userEvent.setup();
    renderWithApp(<RegisterForm />, { area: 'auth' });
    await fill(user, { ...valid, Password: 'Barnacle-42-Survey' });
    await user.type(field('Repeat Password'), 'Barnacle-42-Survey');
    await user.click(screen.getByRole('button', { name: 'Sign up' }));
    const alerts = await screen.findAllByRole('alert');
    const texts = alerts.map((alert) => alert.textContent);
    expect(texts).toContain('Username: A user with that username already exists.');
    expect(texts).toContain('Email: Please register with your company e-mail address.\nSecond reason.');
    expect(texts.join(' ')).not.toMatch(/\b(username|email):/);
  });

  it("reports other failures as 'Something went wrong: {message}'", async () => {
    stubApi({ 'POST /api/user/register/': () => jsonResponse({ detail: 'Mail server unavailable' }, 503) });
    const user = userEvent.setup();
    renderWithApp(<RegisterForm />, { area: 'auth' });
    await fill(user, { ...valid, Password: 'Barnacle-42-Survey' });
    await user.type(field('Repeat Password'), 'Barnacle-42-Survey');
    await user.click(screen.getByRole('button', { name: 'Sign up' }));
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('Something went wrong: Mail server unavailable')).toBeInTheDocument();
  });
});
