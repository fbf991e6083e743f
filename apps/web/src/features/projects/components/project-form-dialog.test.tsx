import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderWithApp } from '@/testing/render';
import { ProjectFormDialog } from './project-form-dialog';

const empty = { name: '', location: '', description: '' };

describe('the project form', () => {
  it("needs a name and a location ('Please enter a name' / 'Please enter a location')", async () => {
    const onSubmit = vi.fn();
    const user = userEvent.setup();
    renderWithApp(
      <ProjectFormDialog
        open
        title="Create Project"
        submitLabel="Create"
        initialValues={empty}
        busy={false}
        onSubmit={onSubmit}
        onClose={() => undefined}
      />,
    );
    await user.click(screen.getByRole('button', { name: 'Create' }));
    expect(await screen.findByText('Please enter a name')).toBeInTheDocument();
    expect(screen.getByText('Please enter a location')).toBeInTheDocument();
    expect(onSubmit).not.toHaveBeenCalled();

    await user.type(screen.getByLabelText('Name', { exact: false }), 'Baltic Trader');
    await user.type(screen.getByLabelText('Location', { exact: false }), 'Kiel');
    await user.click(screen.getByRole('button', { name: 'Create' }));
    expect(onSubmit).toHaveBeenCalledWith(
      { name: 'Baltic Trader', location: 'Kiel', description: '' },
      expect.anything(),
    );
  });
});
