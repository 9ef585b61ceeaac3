import { forwardRef, type ButtonHTMLAttributes } from 'react';
import { cva, cx, type RecipeVariantProps } from '../../../styled-system/css';

export const buttonRecipe = cva({
  base: {
    display: 'inline-flex',
    alignItems: 'center',
    justifyContent: 'center',
    gap: '2',
    minH: 'control',
    px: '4',
    borderRadius: 'md',
    fontWeight: 'semibold',
    fontSize: 'sm',
    cursor: 'pointer',
    borderWidth: '1px',
    borderColor: 'transparent',
    whiteSpace: 'nowrap',
    transition: 'background 120ms, border-color 120ms',
    _disabled: { opacity: 0.55, cursor: 'not-allowed' },
  },
  variants: {
    variant: {
      solid: { bg: 'primary', color: 'onTone', _hover: { bg: 'primary.hover' } },
      outline: { bg: 'surface', color: 'fg', borderColor: 'border', _hover: { bg: 'subtle' } },
      ghost: { bg: 'transparent', color: 'fg', _hover: { bg: 'subtle' } },
      danger: { bg: 'error', color: 'onTone', _hover: { bg: 'error.hover' } },
    },
    size: {
      sm: { minH: '8', px: '3', fontSize: 'xs', _compact: { minH: '7', px: '2' } },
      md: {},
      icon: { px: '0', w: 'control', minH: 'control' },
    },
  },
  defaultVariants: { variant: 'solid', size: 'md' },
});

export type ButtonProps = ButtonHTMLAttributes<HTMLButtonElement> & RecipeVariantProps<typeof buttonRecipe> & { loading?: boolean };

export const Button = forwardRef<HTMLButtonElement, ButtonProps>(function Button(
  { variant, size, loading, className, disabled, children, type = 'button', ...rest },
  ref,
) {
  return (
    <button
      ref={ref}
      type={type}
      className={cx(buttonRecipe({ variant, size }), className)}
      disabled={disabled || loading}
      aria-busy={loading || undefined}
      {...rest}
    >
      {children}
    </button>
  );
});
