import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it, vi } from 'vitest';
import { Button } from '../../../src/ui/Button';
import { LinkButton } from '../../../src/ui/LinkButton';

describe('Button', () => {
  it('is a type="button" button by default, so it never submits a form by accident', async () => {
    const onSubmit = vi.fn((event: SubmitEvent) => {
      event.preventDefault();
    });
    const onClick = vi.fn();
    const user = userEvent.setup();
    render(
      <form
        onSubmit={(event) => {
          onSubmit(event.nativeEvent);
        }}
      >
        <Button onClick={onClick}>Do it</Button>
      </form>,
    );
    const button = screen.getByRole('button', { name: 'Do it' });
    expect(button).toHaveAttribute('type', 'button');
    await user.click(button);
    expect(onClick).toHaveBeenCalledOnce();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('can submit when asked and passes through disabled', () => {
    render(
      <>
        <Button type="submit">Save</Button>
        <Button disabled variant="danger">
          Delete
        </Button>
      </>,
    );
    expect(screen.getByRole('button', { name: 'Save' })).toHaveAttribute('type', 'submit');
    expect(screen.getByRole('button', { name: 'Delete' })).toBeDisabled();
  });
});

describe('LinkButton', () => {
  it('stays a link', () => {
    render(
      <MemoryRouter>
        <LinkButton to="/billing">Back to Billing</LinkButton>
      </MemoryRouter>,
    );
    expect(screen.getByRole('link', { name: 'Back to Billing' })).toHaveAttribute('href', '/billing');
  });
});
