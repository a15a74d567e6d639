import { Link, type LinkProps } from 'react-router-dom';
import { buttonClassName, type ButtonSize, type ButtonVariant } from './Button';
import './styles.css';

export type LinkButtonProps = LinkProps & {
  variant?: ButtonVariant;
  size?: ButtonSize;
};

/** Navigation that looks like a button but stays a link for assistive technology. */
export function LinkButton({ variant = 'secondary', size, className, ...rest }: LinkButtonProps) {
  return <Link className={buttonClassName({ variant, size, className })} {...rest} />;
}
