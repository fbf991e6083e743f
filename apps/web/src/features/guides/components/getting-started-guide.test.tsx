import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithApp } from '@/testing/render';
import { GettingStartedGuide } from './getting-started-guide';

describe('the Getting Started guide (issue 45 §12)', () => {
  it('walks through vessels, hull zones, the inspection summary and the report', () => {
    renderWithApp(<GettingStartedGuide />);
    const guide = screen.getByRole('article');
    const step = (title: string) => {
      const label = within(guide).getByText(title);
      const item = label.closest('.MuiStep-root');
      if (!(item instanceof HTMLElement)) throw new Error(`No step "${title}"`);
      return item;
    };

    expect(step('Add your vessel')).toHaveTextContent(/click Add Vessel/);
    expect(within(step('Add your vessel')).getByRole('link', { name: 'vessels page' })).toHaveAttribute(
      'href',
      '/vessels/',
    );
    expect(step('Create a project')).toHaveTextContent(/Under Inspection details, choose the Vessel/);
    expect(step('Set the hull zones')).toHaveTextContent(/upload dialog/);
    expect(step('Set the hull zones')).toHaveTextContent(/click Set hull zone/);
    expect(step('Review the inspection summary')).toHaveTextContent(/per hull zone, its rating/);
    expect(step('Download the inspection report')).toHaveTextContent(/compact PDF with the key photos/);
    expect(step('Download the inspection report')).toHaveTextContent(/With all photos gives .* every photo/);
  });
});
