import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { GroupFormDialog } from '../../../../src/features/vault/groups/GroupFormDialog';
import type { GroupDraft } from '../../../../src/features/vault/model';

describe('GroupFormDialog: text the rules would refuse (issue #17)', () => {
  it('refuses a lone surrogate in the name, naming the field, and saves once it is fixed', async () => {
    const user = userEvent.setup();
    const onSubmit = vi.fn<(draft: GroupDraft) => Promise<void>>(() => Promise.resolve());
    const onClose = vi.fn();
    render(<GroupFormDialog group={null} onSubmit={onSubmit} onClose={onClose} failureMessage="Failed to add group" />);
    await user.click(screen.getByLabelText('Name'));
    await user.paste('Work \uD83D');
    await user.click(screen.getByRole('button', { name: 'Create Group' }));
    expect(await screen.findByText('Group name contains a broken character (half of an emoji or symbol). Retype that part and try again.')).toBeInTheDocument();
    expect(screen.getByLabelText('Name')).toHaveAttribute('aria-invalid', 'true');
    expect(onSubmit).not.toHaveBeenCalled();

    await user.clear(screen.getByLabelText('Name'));
    await user.type(screen.getByLabelText('Name'), 'Work 💼');
    await user.click(screen.getByRole('button', { name: 'Create Group' }));
    await waitFor(() => {
      expect(onSubmit).toHaveBeenCalledWith({ name: 'Work 💼', description: '' });
    });
    expect(onClose).toHaveBeenCalled();
  });
});
