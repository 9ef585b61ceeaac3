import { css } from '../../../styled-system/css';

/** The floating surface shared by select, menu, tooltip and date picker contents. */
export const floatingStyle = css({
  bg: 'surface',
  color: 'fg',
  borderWidth: '1px',
  borderColor: 'border',
  borderRadius: 'md',
  boxShadow: 'lg',
  p: '1',
  zIndex: 50,
  minW: '40',
  maxH: '80',
  overflowY: 'auto',
  _focusVisible: { outline: 'none' },
});

export const itemStyle = css({
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: '2',
  px: '3',
  py: '2',
  borderRadius: 'sm',
  fontSize: 'sm',
  cursor: 'pointer',
  _highlighted: { bg: 'primary.subtle' },
  '&[data-state=checked]': { fontWeight: 'semibold' },
  _disabled: { opacity: 0.5, cursor: 'not-allowed' },
});
