import { render } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { Article } from '@/components/ui/article';
import { NotFound } from '@/components/ui/not-found';
import { PageTitle } from '@/components/ui/page-title';

describe('the title of the browser tab', () => {
  it('names the page a shell page shows, then the product', () => {
    const { rerender } = render(<PageTitle>Projects</PageTitle>);
    expect(document.title).toBe('Projects · Hullscope');
    rerender(<PageTitle>Transactions</PageTitle>);
    expect(document.title).toBe('Transactions · Hullscope');
  });

  it('names articles and the not-found page', () => {
    render(<Article title="Imprint">text</Article>);
    expect(document.title).toBe('Imprint · Hullscope');
    render(
      <MemoryRouter>
        <NotFound />
      </MemoryRouter>,
    );
    expect(document.title).toBe('Not Found · Hullscope');
  });
});
