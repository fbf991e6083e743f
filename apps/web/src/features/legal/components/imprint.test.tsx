import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { parseEnv } from '@/config/env';
import { Imprint } from './imprint';

describe('the imprint', () => {
  it('names the managing director, the register entry and the VAT ID from the configuration', () => {
    const settings = parseEnv({
      VITE_MANAGING_DIRECTOR: 'Dr. Maren Kühl',
      VITE_COMMERCIAL_REGISTER: 'Amtsgericht Hamburg, HRB 178311',
      VITE_VAT_ID: 'de312456789',
    });
    render(<Imprint settings={settings} />);
    expect(screen.getByText('Managing director: Dr. Maren Kühl')).toBeInTheDocument();
    expect(screen.getByText('Commercial register: Amtsgericht Hamburg, HRB 178311')).toBeInTheDocument();
    expect(screen.getByText('VAT identification number (§ 27a UStG): DE312456789')).toBeInTheDocument();
  });

  it('refuses a VAT ID that is not one, naming the setting', () => {
    expect(() => parseEnv({ VITE_VAT_ID: '123456789' })).toThrow(/VITE_VAT_ID: a VAT ID is a country code/);
  });
});
