import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { CheckoutOutcome } from './checkout-outcome';

describe('the outcome of a checkout the buyer returns from', () => {
  it('tells a paid purchase that its Credits are on the account', () => {
    render(<CheckoutOutcome outcome="paid" />);
    expect(screen.getByRole('alert')).toHaveTextContent(
      'Thank you for your purchase. The Credits have been added to your account.',
    );
  });

  it('tells a purchase closed by a Cancel (a Pay pressed after it included) that nothing was bought', () => {
    render(<CheckoutOutcome outcome="expired" />);
    expect(screen.getByRole('alert')).toHaveTextContent(
      'The checkout was cancelled and is closed; no Credits were bought.',
    );
    expect(screen.queryByText(/Thank you/)).not.toBeInTheDocument();
  });

  it('shows nothing without an outcome or for one it does not know', () => {
    const { container, rerender } = render(<CheckoutOutcome outcome={null} />);
    expect(container).toBeEmptyDOMElement();
    rerender(<CheckoutOutcome outcome="<script>" />);
    expect(container).toBeEmptyDOMElement();
  });
});
