import { Fragment } from 'react';
import { Dialog } from '../../../ui/Dialog';
import { SHORTCUTS } from './listKeys';

export const SHORTCUTS_TITLE = 'Keyboard shortcuts';

/** 'Keyboard shortcuts': every key the list answers to (opened with '?' or its button). */
export function ShortcutsDialog({ open, onClose }: { readonly open: boolean; readonly onClose: () => void }) {
  return (
    <Dialog open={open} onClose={onClose} title={SHORTCUTS_TITLE} size="sm">
      <dl className="pw-shortcuts">
        {SHORTCUTS.map(({ keys, action }) => (
          <div key={action} className="pw-shortcuts__row">
            <dt>
              {keys.map((key, index) => (
                <Fragment key={key}>
                  {index > 0 && (keys[0] === 'Alt' ? ' + ' : ' / ')}
                  <kbd>{key}</kbd>
                </Fragment>
              ))}
            </dt>
            <dd>{action}</dd>
          </div>
        ))}
      </dl>
    </Dialog>
  );
}
