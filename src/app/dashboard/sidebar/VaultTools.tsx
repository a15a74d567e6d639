import { useId, useMemo, useRef, useState, type ReactNode } from 'react';
import type { StoredUserRecord } from '../../../data/users/userRecord';
import { HEALTH_TEXTS, HealthDialog, healthScopeOf, openDetails, type EstimateStrength, type LoadedVault, type OpenItemsSource, type PasswordEntry } from '../../../features/vault';
import { Button } from '../../../ui/Button';
import { Dialog } from '../../../ui/Dialog';
import { DownloadIcon, ShieldIcon, UploadIcon } from '../../../ui/icons';
import { exportDialog, importDialog } from '../vaultTransfer';
import { TOOL_TEXTS, vaultName, vaultsFor, type VaultTool } from './toolVaults';

export interface VaultToolsProps {
  /** The open vaults, as All items lists them (personal first). */
  readonly sources: readonly OpenItemsSource[];
  /** The vault on screen (its source key), chosen first in the chooser; null on All items. */
  readonly currentKey: string | null;
  /** Export needs the account record (the master-password check); null until it is read. */
  readonly record: StoredUserRecord | null;
  readonly loadStrengthEstimator: () => Promise<EstimateStrength>;
  /** The health report's "open it to fix it": the entry, in the vault it is in. */
  readonly onShowEntry: (id: string) => void;
}

type Step = { readonly tool: VaultTool; readonly vault: OpenItemsSource | null } | null;

/** A vault's entries and groups as they are when the dialog reads them (the session's live state). */
function loadedFrom(source: OpenItemsSource): LoadedVault {
  const { session } = source;
  return {
    deps: session.deps,
    vault: {
      get entries() {
        return session.state.entries;
      },
      get groups() {
        return session.state.groups;
      },
    },
  };
}

/**
 * Import, Export and Password health from the sidebar, whatever is on screen (issue #43 item 3):
 * each asks which vault when more than one fits, offering only the vaults the user may import
 * into or export (./toolVaults.ts), then opens the same dialog as the vault's own screen.
 */
export function VaultTools({ sources, currentKey, record, loadStrengthEstimator, onShowEntry }: VaultToolsProps) {
  const headingId = useId();
  const [step, setStep] = useState<Step>(null);
  const buttons = useRef(new Map<VaultTool, HTMLButtonElement>());
  const offered = useMemo(
    () => ({ import: vaultsFor('import', sources), export: record === null ? [] : vaultsFor('export', sources), health: vaultsFor('health', sources) }),
    [sources, record],
  );
  const ready = (source: OpenItemsSource) => source.session.state.load.status === 'ready';

  const start = (tool: VaultTool) => {
    const vaults = offered[tool];
    setStep({ tool, vault: vaults.length === 1 ? (vaults[0] ?? null) : null });
  };
  const close = () => {
    setStep(null);
  };
  const toolButton = (tool: VaultTool, label: string, icon: ReactNode) => (
    <li>
      <Button
        ref={(element) => {
          if (element === null) buttons.current.delete(tool);
          else buttons.current.set(tool, element);
        }}
        variant="ghost"
        size="sm"
        icon={icon}
        className="vault-sidebar__tool"
        aria-haspopup="dialog"
        disabled={offered[tool].length === 0 || !offered[tool].some(ready)}
        onClick={() => {
          start(tool);
        }}
      >
        {label}
      </Button>
    </li>
  );

  // Made once per chosen vault: the dialogs restart their work when what they are handed changes.
  const chosen = step?.vault ?? null;
  const loaded = useMemo(() => (chosen === null ? null : loadedFrom(chosen)), [chosen]);
  const health = useMemo(() => {
    if (chosen === null) return null;
    const { deps } = chosen.session;
    return { open: (entry: PasswordEntry) => openDetails(deps, entry), scope: healthScopeOf(deps) };
  }, [chosen]);

  let dialog: ReactNode = null;
  if (step !== null && step.vault === null) {
    dialog = (
      <VaultChooser
        tool={step.tool}
        vaults={offered[step.tool].filter(ready)}
        currentKey={currentKey}
        onCancel={close}
        onChoose={(vault) => {
          // The next dialog takes the tool's button as its opener: focus returns there when it closes.
          buttons.current.get(step.tool)?.focus();
          setStep({ tool: step.tool, vault });
        }}
      />
    );
  } else if (step !== null && chosen !== null && loaded !== null && health !== null) {
    if (step.tool === 'import') dialog = importDialog(loaded, close);
    else if (step.tool === 'export' && record !== null) dialog = exportDialog(record, loaded, close);
    else if (step.tool === 'health') {
      dialog = (
        <HealthDialog
          subject={vaultName(chosen)}
          entries={chosen.session.state.entries}
          openDetails={health.open}
          loadEstimator={loadStrengthEstimator}
          scope={health.scope}
          onOpenEntry={(id) => {
            close();
            onShowEntry(id);
          }}
          onClose={close}
        />
      );
    }
  }

  return (
    <section className="vault-sidebar__tools" aria-labelledby={headingId}>
      <h2 id={headingId} className="vault-sidebar__tools-heading">
        {TOOL_TEXTS.heading}
      </h2>
      <ul className="vault-sidebar__tool-list">
        {toolButton('import', TOOL_TEXTS.import, <UploadIcon />)}
        {toolButton('export', TOOL_TEXTS.export, <DownloadIcon />)}
        {toolButton('health', HEALTH_TEXTS.button, <ShieldIcon />)}
      </ul>
      {dialog}
    </section>
  );
}

interface VaultChooserProps {
  readonly tool: VaultTool;
  readonly vaults: readonly OpenItemsSource[];
  readonly currentKey: string | null;
  readonly onCancel: () => void;
  readonly onChoose: (vault: OpenItemsSource) => void;
}

/** "Which vault?": one radio per vault the tool offers, the one on screen chosen first. */
function VaultChooser({ tool, vaults, currentKey, onCancel, onChoose }: VaultChooserProps) {
  const name = useId();
  const [chosen, setChosen] = useState(() => (vaults.some((vault) => vault.key === currentKey) ? currentKey : (vaults[0]?.key ?? null)));
  const vault = vaults.find((candidate) => candidate.key === chosen);
  return (
    <Dialog open size="sm" title={TOOL_TEXTS.chooseTitle[tool]} onClose={onCancel}>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          if (vault !== undefined) onChoose(vault);
        }}
      >
        {vaults.length === 0 ? (
          <p>{TOOL_TEXTS.none[tool]}</p>
        ) : (
          <fieldset className="vault-chooser">
            <legend className="visually-hidden">{TOOL_TEXTS.chooseTitle[tool]}</legend>
            {vaults.map((candidate) => (
              <label key={candidate.key} className="vault-chooser__option">
                <input
                  type="radio"
                  name={name}
                  value={candidate.key}
                  checked={candidate.key === chosen}
                  onChange={() => {
                    setChosen(candidate.key);
                  }}
                />
                {vaultName(candidate)}
              </label>
            ))}
          </fieldset>
        )}
        <div className="vault-chooser__buttons">
          <Button variant="secondary" onClick={onCancel}>
            {TOOL_TEXTS.cancel}
          </Button>
          <Button type="submit" disabled={vault === undefined}>
            {TOOL_TEXTS.continue}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
