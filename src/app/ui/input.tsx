import { forwardRef, type InputHTMLAttributes, type TextareaHTMLAttributes } from 'react';
import { css, cx } from '../../../styled-system/css';

/** Shared by inputs, selects' triggers and the date picker's control. */
export const controlStyle = css({
  w: 'full',
  minH: 'control',
  px: '3',
  bg: 'surface',
  color: 'fg',
  borderWidth: '1px',
  borderColor: 'border',
  borderRadius: 'md',
  fontSize: 'sm',
  _placeholder: { color: 'fg.muted' },
  _focusVisible: { outline: '2px solid var(--bd-primary)', outlineOffset: '0' },
  '&[aria-invalid=true], &[data-invalid]': { borderColor: 'error' },
  _disabled: { opacity: 0.6, cursor: 'not-allowed' },
});

export const Input = forwardRef<HTMLInputElement, InputHTMLAttributes<HTMLInputElement>>(function Input({ className, ...rest }, ref) {
  return <input ref={ref} className={cx(controlStyle, className)} {...rest} />;
});

export const Textarea = forwardRef<HTMLTextAreaElement, TextareaHTMLAttributes<HTMLTextAreaElement>>(function Textarea(
  { className, ...rest },
  ref,
) {
  return <textarea ref={ref} className={cx(controlStyle, css({ py: '2', minH: '24' }), className)} {...rest} />;
});
