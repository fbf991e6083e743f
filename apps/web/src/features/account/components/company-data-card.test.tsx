import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithApp, stubApi } from '@/testing/render';
import { CompanyDataCard } from './company-data-card';

const company = {
  id: 1,
  owner: 4,
  name: 'Nordsee Reederei',
  address: 'Kai 1',
  address_2: '',
  city: 'Hamburg',
  zip: '20457',
  state: '',
  country: 'DE',
  tax_id: 'DE312456789',
};

describe('Your Company Data', () => {
  it('shows the tax ID as information, not as a field to type in, and says where it is entered', () => {
    stubApi({});
    renderWithApp(<CompanyDataCard company={company} countries={[{ code: 'DE', name: 'Germany' }]} />);
    expect(screen.queryByRole('textbox', { name: /Tax ID/ })).toBeNull();
    const term = screen.getByText('Tax ID');
    expect(term.tagName).toBe('DT');
    expect(screen.getByText('DE312456789').tagName).toBe('DD');
    expect(screen.getByText(/Entered at checkout: tick “Purchasing as a business”/)).toBeInTheDocument();
  });

  it('says when there is none yet', () => {
    stubApi({});
    renderWithApp(<CompanyDataCard company={{ ...company, tax_id: '' }} countries={[]} />);
    expect(screen.getByText('None yet')).toBeInTheDocument();
  });
});
