/**
 * The product's one icon set (Lucide), as the few glyphs it uses. Import icons from here, never
 * from 'lucide-react' directly, so every icon follows one convention:
 * - decorative: hidden from assistive technology (the button or link around it carries the name);
 * - sized by the `--icon-size` token (relative to the text beside it), stroked in currentColor.
 * Each export is a pure call, so the build keeps only the icons a chunk imports; the landing page
 * imports none (scripts/check-bundle.mjs asserts it).
 */
import type { ComponentType } from 'react';
import type { LucideIcon, LucideProps } from 'lucide-react';
import {
  Check,
  ChevronLeft,
  ChevronRight,
  Copy,
  CreditCard,
  Download,
  Ellipsis,
  ExternalLink,
  Eye,
  EyeOff,
  FileText,
  Folder,
  IdCard,
  Keyboard,
  KeyRound,
  Layers,
  Lock,
  Menu,
  Pencil,
  Plus,
  Search,
  Shield,
  Star,
  Trash2,
  Upload,
  User,
  Users,
  X,
} from 'lucide-react';

/** What a caller may set: a class for layout. Name, size and colour are the convention's. */
export type IconProps = Omit<LucideProps, 'ref' | 'size' | 'color' | 'aria-hidden' | 'aria-label' | 'title' | 'children'>;
export type Icon = ComponentType<IconProps>;

function decorative(Glyph: LucideIcon, name: string): Icon {
  function DecorativeIcon({ className, ...rest }: IconProps) {
    return (
      <Glyph
        {...rest}
        aria-hidden="true"
        focusable="false"
        color="currentColor"
        className={className ? `icon ${className}` : 'icon'}
      />
    );
  }
  DecorativeIcon.displayName = name;
  return DecorativeIcon;
}

// Named after the Lucide glyph (LayersIcon marks "All items"; XIcon closes).
export const CheckIcon = /* @__PURE__ */ decorative(Check, 'CheckIcon');
export const ChevronLeftIcon = /* @__PURE__ */ decorative(ChevronLeft, 'ChevronLeftIcon');
export const ChevronRightIcon = /* @__PURE__ */ decorative(ChevronRight, 'ChevronRightIcon');
export const CopyIcon = /* @__PURE__ */ decorative(Copy, 'CopyIcon');
export const CreditCardIcon = /* @__PURE__ */ decorative(CreditCard, 'CreditCardIcon');
export const DownloadIcon = /* @__PURE__ */ decorative(Download, 'DownloadIcon');
export const ExternalLinkIcon = /* @__PURE__ */ decorative(ExternalLink, 'ExternalLinkIcon');
export const EyeIcon = /* @__PURE__ */ decorative(Eye, 'EyeIcon');
export const EyeOffIcon = /* @__PURE__ */ decorative(EyeOff, 'EyeOffIcon');
export const FileTextIcon = /* @__PURE__ */ decorative(FileText, 'FileTextIcon');
export const FolderIcon = /* @__PURE__ */ decorative(Folder, 'FolderIcon');
export const IdCardIcon = /* @__PURE__ */ decorative(IdCard, 'IdCardIcon');
export const KeyboardIcon = /* @__PURE__ */ decorative(Keyboard, 'KeyboardIcon');
export const KeyRoundIcon = /* @__PURE__ */ decorative(KeyRound, 'KeyRoundIcon');
export const LayersIcon = /* @__PURE__ */ decorative(Layers, 'LayersIcon');
export const LockIcon = /* @__PURE__ */ decorative(Lock, 'LockIcon');
export const MenuIcon = /* @__PURE__ */ decorative(Menu, 'MenuIcon');
export const MoreHorizontalIcon = /* @__PURE__ */ decorative(Ellipsis, 'MoreHorizontalIcon');
export const PencilIcon = /* @__PURE__ */ decorative(Pencil, 'PencilIcon');
export const PlusIcon = /* @__PURE__ */ decorative(Plus, 'PlusIcon');
export const SearchIcon = /* @__PURE__ */ decorative(Search, 'SearchIcon');
export const ShieldIcon = /* @__PURE__ */ decorative(Shield, 'ShieldIcon');
export const StarIcon = /* @__PURE__ */ decorative(Star, 'StarIcon');
export const TrashIcon = /* @__PURE__ */ decorative(Trash2, 'TrashIcon');
export const UploadIcon = /* @__PURE__ */ decorative(Upload, 'UploadIcon');
export const UserIcon = /* @__PURE__ */ decorative(User, 'UserIcon');
export const UsersIcon = /* @__PURE__ */ decorative(Users, 'UsersIcon');
export const XIcon = /* @__PURE__ */ decorative(X, 'XIcon');
