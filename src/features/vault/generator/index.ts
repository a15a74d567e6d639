export {
  DEFAULT_OPTIONS,
  GeneratorError,
  MAX_LENGTH,
  MIN_LENGTH,
  NO_CHARACTER_TYPE_MESSAGE,
  SPACES_ONLY_MESSAGE,
  cryptoRandom,
  generatePassword,
  quickGenerate,
  validateOptions,
} from './generate';
export type { GeneratorErrorCode, GeneratorOptions, RandomInt } from './generate';
export { GeneratorDialog, GeneratorPanel } from './GeneratorDialog';
export type { GeneratorDialogProps, GeneratorPanelProps } from './GeneratorDialog';
