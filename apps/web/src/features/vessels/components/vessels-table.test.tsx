import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithApp } from '@/testing/render';
import { VesselsTable } from './vessels-table';

const stamp = '2025-01-01T00:00:00Z';
const longName = 'MV Nordstern Offshore Construction and Heavy Lift Support Vessel of the North Sea';
const vessel = {
  id: 1,
  name: longName,
  imo_number: '9074729',
  flag: null,
  vessel_type: null,
  gross_tonnage: null,
  antifouling_system: null,
  created_at: stamp,
  updated_at: stamp,
  inspections: [],
};

describe('the vessels table (issue 45 §13)', () => {
  it('keeps the name on one line, ending in an ellipsis, with the whole name in its title', () => {
    renderWithApp(<VesselsTable vessels={[vessel]} countries={[]} />);
    const name = screen.getByRole('link', { name: longName });
    expect(name).toHaveAttribute('title', longName);
    expect(name).toHaveStyle({ whiteSpace: 'nowrap', overflow: 'hidden', textOverflow: 'ellipsis' });
  });

  it('never breaks the IMO number between "IMO" and its digits', () => {
    renderWithApp(<VesselsTable vessels={[vessel]} countries={[]} />);
    expect(screen.getByRole('cell', { name: 'IMO 9074729' })).toHaveStyle({ whiteSpace: 'nowrap' });
  });
});
