import { useId, useState, type DragEvent } from 'react';

export interface FilePickerProps {
  /** The file picked so far, named under the control (the native input is cleared after each pick). */
  readonly fileName: string | null;
  readonly onPick: (file: File) => void;
  readonly disabled?: boolean;
}

/**
 * A labelled file input inside a drop zone: the input is the keyboard's way in, dropping a file
 * anywhere on the zone is the mouse's.
 */
export function FilePicker({ fileName, onPick, disabled = false }: FilePickerProps) {
  const inputId = useId();
  const hintId = useId();
  const [over, setOver] = useState(false);

  function drop(event: DragEvent<HTMLDivElement>) {
    event.preventDefault();
    setOver(false);
    const file = event.dataTransfer.files[0];
    if (file !== undefined && !disabled) onPick(file);
  }

  return (
    <div
      role="group"
      aria-label="Drop a file to import"
      className={['field', 'import-drop', over ? 'import-drop--over' : ''].filter(Boolean).join(' ')}
      onDragOver={(event) => {
        event.preventDefault();
        setOver(true);
      }}
      onDragLeave={() => {
        setOver(false);
      }}
      onDrop={drop}
    >
      <label htmlFor={inputId} className="field__label">
        File to import
      </label>
      <input
        id={inputId}
        type="file"
        className="import-drop__input"
        aria-describedby={hintId}
        disabled={disabled}
        onChange={(event) => {
          const file = event.target.files?.[0];
          // Cleared so that picking the same file again (after fixing it) is a change too.
          event.target.value = '';
          if (file !== undefined) onPick(file);
        }}
      />
      <p id={hintId} className="field__hint">
        Or drop the file here. It is read on this device and never uploaded.
      </p>
      {fileName !== null && (
        <p className="import-drop__chosen">
          Chosen file: <strong>{fileName}</strong>
        </p>
      )}
    </div>
  );
}
