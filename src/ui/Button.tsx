import type { ComponentPropsWithRef, ReactNode } from 'react';
import './styles.css';

export type ButtonVariant = 'primary' | 'secondary' | 'ghost' | 'danger';
export type ButtonSize = 'md' | 'sm' | 'lg';

export type ButtonStyleOptions = {
  variant?: ButtonVariant | undefined;
  size?: ButtonSize | undefined;
  className?: string | undefined;
  /** Square, for a button that shows only its icon. */
  iconOnly?: boolean | undefined;
};

/** Class list shared by `Button` and `LinkButton`, so a link can look like a button. */
export function buttonClassName({ variant = 'primary', size = 'md', className, iconOnly }: ButtonStyleOptions): string {
  return ['btn', `btn--${variant}`, `btn--${size}`, iconOnly && 'btn--icon', className].filter(Boolean).join(' ');
}

type NativeButtonProps = ComponentPropsWithRef<'button'> & {
  variant?: ButtonVariant;
  size?: ButtonSize;
};

/** A button with text, optionally led by a decorative icon from ui/icons. */
type TextButtonProps = NativeButtonProps & { icon?: ReactNode; iconOnly?: false };

/** A square button showing only its icon: it has no text, so its name must be given. */
type IconOnlyButtonProps = Omit<NativeButtonProps, 'aria-label' | 'children'> & {
  icon: ReactNode;
  iconOnly: true;
  'aria-label': string;
  children?: never;
};

export type ButtonProps = TextButtonProps | IconOnlyButtonProps;

/** A `<button>` that defaults to type="button" so it never submits a form by accident. */
export function Button({ variant, size, className, type = 'button', icon, iconOnly, children, ...rest }: ButtonProps) {
  return (
    <button type={type} className={buttonClassName({ variant, size, className, iconOnly })} {...rest}>
      {icon}
      {children}
    </button>
  );
}
