import type { ReactNode } from 'react';
import { cva, type RecipeVariantProps } from '../../../styled-system/css';

export const badgeRecipe = cva({
  base: {
    display: 'inline-flex',
    alignItems: 'center',
    px: '2',
    py: '0.5',
    borderRadius: 'full',
    fontSize: 'xs',
    fontWeight: 'semibold',
    borderWidth: '1px',
  },
  variants: {
    tone: {
      primary: { bg: 'primary.subtle', color: 'fg', borderColor: 'primary' },
      info: { bg: 'info.subtle', color: 'fg', borderColor: 'info' },
      success: { bg: 'success.subtle', color: 'fg', borderColor: 'success' },
      warning: { bg: 'warning.subtle', color: 'fg', borderColor: 'warning' },
      error: { bg: 'error.subtle', color: 'fg', borderColor: 'error' },
      neutral: { bg: 'subtle', color: 'fg', borderColor: 'border' },
    },
  },
  defaultVariants: { tone: 'neutral' },
});

export function Badge({ tone, children }: RecipeVariantProps<typeof badgeRecipe> & { children: ReactNode }) {
  return <span className={badgeRecipe({ tone })}>{children}</span>;
}
